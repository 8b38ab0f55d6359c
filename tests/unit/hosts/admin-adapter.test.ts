import { describe, expect, it } from 'vitest';
import { createAdminAdapter } from '../../../hosts/admin/adapter';
import { EMPTY_ITEM, HostError } from '../../../hosts/host';

describe('the admin app’s adapter', () => {
  it('has no email open, inserts nothing and records no usage session', async () => {
    const adapter = createAdminAdapter(window);
    expect(adapter.sessionContext).toBeNull();
    expect(await adapter.readItem()).toEqual(EMPTY_ITEM);
    await expect(adapter.insertBlock({ html: '<p>x</p>', text: 'x' })).rejects.toBeInstanceOf(HostError);
    await expect(adapter.openNewCompose()).rejects.toMatchObject({ code: 'unsupported' });
    const seen: unknown[] = [];
    adapter.watchItem((item) => seen.push(item), new AbortController().signal);
    expect(seen).toEqual([EMPTY_ITEM]);
  });

  it('finishes a work-account sign-in on its own page, and keeps the session in this origin’s storage', async () => {
    const adapter = createAdminAdapter(window);
    expect(adapter.workAccount).toMatchObject({ mode: 'landing', redirectUri: `${window.location.origin}/admin/` });
    expect(adapter.workAccount.landingUrl('dialog-landing')).toBe(`${window.location.origin}/admin/#/dialog-landing`);
    await adapter.storage.set('currentSelectedTeam', 'x');
    expect(window.localStorage.getItem('cannery:currentSelectedTeam')).toBe('x');
    await adapter.storage.clear();
  });
});
