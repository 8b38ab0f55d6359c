import { mountAdmin } from './mount';
import { createAdminPlatform } from './platform';

const root = document.getElementById('root');
if (!root) throw new Error('The admin page has no #root element.');
// The work-account pop-up is a page of this app too: it runs the landing route and reports back.
mountAdmin(root, createAdminPlatform());
