import { mountCannery } from '../../src/app/mount';
import { createGmailAdapter } from '../../hosts/gmail/adapter';

// The side panel next to Gmail: the shared app on the Gmail host.
const root = document.getElementById('root');
if (!root) throw new Error('sidepanel/index.html has no #root');
mountCannery(root, createGmailAdapter(), {
  apiBase: (import.meta.env.WXT_CANNERY_API as string | undefined) || 'http://localhost:8787/api',
});
