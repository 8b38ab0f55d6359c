import { browser } from 'wxt/browser';
import { startPickerPage } from '../../hosts/text-input/picker-page';
import { extensionServer } from '../../hosts/shared/managed-server';

// The picker framed next to a text field: the shared app on the text-input host, for the frame the
// background names in exchange for the grant in this page's address, calling the server IT named
// in the managed configuration, else the one this build was made for.
const root = document.getElementById('root');
if (!root) throw new Error('picker/index.html has no #root');
const buildApiBase = (import.meta.env.WXT_CANNERY_API as string | undefined) || 'http://localhost:8787/api';
void extensionServer(browser.storage.managed, buildApiBase).then(({ apiBase }) => startPickerPage({ doc: document, root, apiBase }));
