import { browser } from 'wxt/browser';
import { mountCannery } from '../../src/app/mount';
import { createGmailAdapter } from '../../hosts/gmail/adapter';
import { showGmailPageNotice } from '../../hosts/gmail/page-notice';
import { extensionServer } from '../../hosts/shared/managed-server';

// The side panel next to Gmail: the shared app on the Gmail host, calling the server IT named in
// the managed configuration, else the one this build was made for.
const root = document.getElementById('root');
if (!root) throw new Error('sidepanel/index.html has no #root');
// Above the app: what of Gmail's page Cannery cannot find, if anything (lives as long as the panel).
const notice = document.getElementById('gmail-notice');
if (notice) showGmailPageNotice(notice, new AbortController().signal);
const buildApiBase = (import.meta.env.WXT_CANNERY_API as string | undefined) || 'http://localhost:8787/api';
void extensionServer(browser.storage.managed, buildApiBase).then(({ apiBase }) => mountCannery(root, createGmailAdapter(), { apiBase }));
