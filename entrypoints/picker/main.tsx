import { startPickerPage } from '../../hosts/text-input/picker-page';

// The picker framed next to a text field: the shared app on the text-input host, for the frame the
// background names in exchange for the grant in this page's address.
const root = document.getElementById('root');
if (!root) throw new Error('picker/index.html has no #root');
void startPickerPage({
  doc: document,
  root,
  apiBase: (import.meta.env.WXT_CANNERY_API as string | undefined) || 'http://localhost:8787/api',
});
