// Entry of the Outlook task pane page: wires Office.js, the Outlook adapter and the shared app.
import { mountCannery } from '../../src/app/mount';
import { startTaskPane } from './start-task-pane';

const root = document.getElementById('root') ?? document.body;

void startTaskPane({
  root,
  // Undefined when the CDN script failed: classic scripts run before this module, so it is final here.
  office: globalThis.Office,
  mount: (element, adapter) => mountCannery(element, adapter, { apiBase: '/api' }),
});
