import { describe, expect, it } from 'vitest';
import { createAdminPlatform } from '../../../src/admin/app/platform';

describe('the admin app’s platform', () => {
  it('is a platform with no mail: nothing to read, insert or record a usage session for', () => {
    const platform = createAdminPlatform(window) as unknown as Record<string, unknown>;
    for (const mail of ['readItem', 'watchItem', 'insertBlock', 'openNewCompose', 'sessionContext', 'context', 'capabilities']) expect(platform[mail]).toBeUndefined();
  });

  it('finishes a work-account sign-in on its own page, and keeps the session in this origin’s storage', async () => {
    const platform = createAdminPlatform(window);
    expect(platform.workAccount).toMatchObject({ mode: 'landing', redirectUri: `${window.location.origin}/admin/` });
    expect(platform.workAccount.landingUrl('dialog-landing')).toBe(`${window.location.origin}/admin/#/dialog-landing`);
    await platform.storage.set('currentSelectedTeam', 'x');
    expect(window.localStorage.getItem('cannery:currentSelectedTeam')).toBe('x');
    await platform.storage.clear();
  });
});
