import { mountCannery } from '../../src/app/mount';
import { closePickerOnEscape, createTextInputAdapter } from '../../hosts/text-input/adapter';
import { parsePickerTarget } from '../../hosts/text-input/picker-target';

// The picker framed next to a text field: the shared app on the text-input host, talking to the
// content script of the frame named in this page's query string.
const root = document.getElementById('root');
if (!root) throw new Error('picker/index.html has no #root');
const target = parsePickerTarget(location.search);
closePickerOnEscape(document, target);
mountCannery(root, createTextInputAdapter(target), {
  apiBase: (import.meta.env.WXT_CANNERY_API as string | undefined) || 'http://localhost:8787/api',
});
