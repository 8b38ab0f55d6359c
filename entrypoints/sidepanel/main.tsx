import { mountCannery } from '../../src/app/mount';
import { createGmailAdapter } from '../../hosts/gmail/adapter';
import { showGmailPageNotice } from '../../hosts/gmail/page-notice';

// The side panel next to Gmail: the shared app on the Gmail host.
const root = document.getElementById('root');
if (!root) throw new Error('sidepanel/index.html has no #root');
// Above the app: what of Gmail's page Cannery cannot find, if anything (lives as long as the panel).
const notice = document.getElementById('gmail-notice');
if (notice) showGmailPageNotice(notice, new AbortController().signal);
mountCannery(root, createGmailAdapter(), {
  apiBase: (import.meta.env.WXT_CANNERY_API as string | undefined) || 'http://localhost:8787/api',
});
