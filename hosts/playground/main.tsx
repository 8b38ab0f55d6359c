import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { mountCannery } from '../../src/app/mount';
import { createPlaygroundAdapter, isSignInPopup } from './adapter';
import { MailStore } from './mail-store';
import { Playground } from './playground';
import { paneWindows } from './task-pane';

const store = new MailStore();
const adapter = createPlaygroundAdapter(store);

// The task pane is a separate React root, as it is in a real host: it shares nothing with the
// simulated mail window but the adapter. A new message window gets a new instance of it.
const mountPane = paneWindows(store, (element) => mountCannery(element, adapter));

const root = document.getElementById('root');
if (!root) throw new Error('The playground page has no #root element.');

if (isSignInPopup(window)) {
  // The work-account sign-in pop-up (hosts/host.ts `WorkAccountWindow`): only the app, which runs
  // the landing page or finishes the sign-in and reports to the playground that opened it.
  mountCannery(root, adapter);
} else {
  createRoot(root).render(
    <StrictMode>
      <Playground store={store} paneRef={mountPane} />
    </StrictMode>,
  );
}
