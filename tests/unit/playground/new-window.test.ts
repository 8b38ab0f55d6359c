// The playground's "new window" (hosts/playground/task-pane.ts): what Outlook's
// displayNewMessageForm does, a new empty message with a new instance of the pane beside it.
import { describe, expect, it, vi } from 'vitest';
import { createPlaygroundAdapter } from '../../../hosts/playground/adapter';
import { MailStore } from '../../../hosts/playground/mail-store';
import { paneWindows } from '../../../hosts/playground/task-pane';

function playground() {
  const store = new MailStore();
  const adapter = createPlaygroundAdapter(store);
  const events: string[] = [];
  let instances = 0;
  const mount = vi.fn(() => {
    const instance = ++instances;
    events.push(`mount ${instance}`);
    return { unmount: () => events.push(`unmount ${instance}`) };
  });
  const ref = paneWindows(store, mount);
  const element = document.createElement('div');
  ref(element);
  return { store, adapter, events, mount, ref, element };
}

describe('playground new message window', () => {
  it('opens a new, empty message as the open item, and a new pane instance in it after the call returns', async () => {
    const { store, adapter, events, mount, element } = playground();
    const reading = await adapter.readItem();
    expect(reading.mode).toBe('read');

    await adapter.openNewCompose();
    const writing = await adapter.readItem();
    expect(writing).toMatchObject({ mode: 'compose', subject: '', recipients: [] });
    expect(writing.itemId).not.toBe(reading.itemId);
    expect(store.getState().attachments).toEqual([]);
    // The old instance asked for the window: it is not unmounted under its own call.
    expect(events).toEqual(['mount 1']);

    await vi.waitFor(() => expect(events).toEqual(['mount 1', 'unmount 1', 'mount 2']));
    expect(mount).toHaveBeenLastCalledWith(element);
  });

  it('mounts the pane once for its element, whatever React calls the ref with', () => {
    const { events, ref, element } = playground();
    ref(null);
    ref(element);
    expect(events).toEqual(['mount 1']);
  });

  it('switching Read and Compose in the simulated mail opens no new window', async () => {
    const { store, events } = playground();
    store.update({ mode: 'compose' }, { newItem: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['mount 1']);
  });
});

describe('playground read view', () => {
  it('shows the received email again after a reply or a new message changed the open item', async () => {
    const { store, adapter } = playground();
    const received = await adapter.readItem();
    store.update({ sender: { displayName: 'Maria Lopez', emailAddress: 'maria@example.com' } });

    // What a reply does to the open item (hosts/playground/adapter.ts).
    store.update({ mode: 'compose', to: 'Maria Lopez <maria@example.com>', subject: `RE: ${received.subject}`, cc: 'x@example.com' }, { newItem: true });
    store.openReceived();
    expect(store.getState()).toMatchObject({
      mode: 'read',
      to: 'elections@aldercounty.example',
      cc: '',
      subject: received.subject,
      sender: { displayName: 'Maria Lopez', emailAddress: 'maria@example.com' },
    });
    const again = await adapter.readItem();
    expect(again.itemId).not.toBe(received.itemId);

    await adapter.openNewCompose();
    store.openReceived();
    expect(store.getState()).toMatchObject({ mode: 'read', subject: received.subject, readBody: received.bodyText });
  });
});
