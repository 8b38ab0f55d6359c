import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ACCOUNT_ID, makeDomain, makeSettings, makeTeam } from '../support/people-handlers';
import { servePeople } from '../support/msw-admin';
import { renderAdmin } from '../support/render-admin';
import { checkSettings, settingsFormOf } from '../../../src/admin/settings/settings-form';
import { messagesOf } from '../support/console';

const serve = servePeople();
const any = { hidden: true } as const;

const elections = makeTeam({ name: 'Elections' });
const recorder = makeTeam({ name: 'Recorder' });

describe('the settings form', () => {
  it('always keeps English, first, among the languages', () => {
    const values = { ...settingsFormOf(makeSettings({ languages: ['es'] })) };
    expect(values.languages).toEqual(['en', 'es']);
    const checked = checkSettings({ ...values, languages: ['de', 'es'] });
    expect('settings' in checked && checked.settings.languages).toEqual(['en', 'es', 'de']);
  });

  it('turns empty fields into the deployment defaults and splits domains', () => {
    const values = { ...settingsFormOf(makeSettings()), supportEmail: '  ', mostFrequent: '', domains: 'AlderCounty.example, \nclerk.example\n', workAccountTeam: elections._id };
    expect(checkSettings(values)).toEqual({
      settings: makeSettings({ supportEmail: null, numMostFreqAutoResponses: null, workAccountAccess: { domains: ['aldercounty.example', 'clerk.example'], team: elections._id, tenants: [] } }),
    });
  });

  it('words each problem for its field', () => {
    const values = { ...settingsFormOf(makeSettings()), supportEmail: 'help@', mostFrequent: '0', domains: 'good.example\nnot a domain', tenants: 'contoso' };
    expect(checkSettings(values)).toEqual({
      errors: {
        supportEmail: 'The support email must be an email address.',
        mostFrequent: 'Enter a whole number from 1 to 50, or leave it empty for the usual number.',
        domains: '"not a domain" must be a domain such as example.org.',
        workAccountTeam: 'Choose the team that people of these domains join.',
        tenants: '"contoso" must be a directory (tenant) id such as 72f988bf-86f1-41af-91ab-2d7cd011db47.',
      },
    });
  });
});

describe('the Account settings page', () => {
  it('shows the saved settings and saves the whole object', async () => {
    const server = serve({ teams: [elections, recorder], settings: makeSettings({ emailClassificationFeature: { on: true, teams: [elections._id] }, supportEmail: 'help@aldercounty.example' }) });
    const { user } = renderAdmin('settings');
    expect(await screen.findByRole('heading', { name: 'Account settings', level: 1 })).toBeTruthy();
    const supportEmail = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Support email' });
    expect(supportEmail.value).toBe('help@aldercounty.example');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Elections' }).checked).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Phone-flow buttons on Home' }));
    await user.click(screen.getByRole('checkbox', { name: 'Recorder' }));
    await user.click(screen.getByRole('radio', { name: /Required/ }));
    await user.clear(supportEmail);
    await user.type(supportEmail, 'clerks@aldercounty.example');
    await user.type(screen.getByRole('textbox', { name: 'Blocks in Frequently Used' }), '8');
    await user.type(screen.getByRole('textbox', { name: 'Work-account domains (one per line)' }), 'aldercounty.example');
    await user.type(screen.getByRole('textbox', { name: 'Microsoft directories (tenant ids, one per line)' }), '72F988BF-86F1-41AF-91AB-2D7CD011DB47');
    await user.click(screen.getByRole('combobox', { name: 'Team they join' }));
    await user.click(screen.getByRole('option', { name: 'Recorder' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeTruthy();
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/api/admin/accounts/${ACCOUNT_ID}/settings`);
    expect(put?.body).toEqual({
      hasPhoneFlowAccess: true,
      timeZone: 'UTC',
      emailClassificationFeature: { on: true, teams: [elections._id, recorder._id] },
      authenticatorPolicy: 'required',
      supportEmail: 'clerks@aldercounty.example',
      numMostFreqAutoResponses: 8,
      workAccountAccess: { domains: ['aldercounty.example'], team: recorder._id, tenants: ['72f988bf-86f1-41af-91ab-2d7cd011db47'] },
      languages: ['en'],
    });
  }, 20_000);

  it('keeps English and saves the languages checked, in their usual order', async () => {
    const server = serve({ teams: [elections], settings: makeSettings({ languages: ['en', 'es'] }) });
    const { user } = renderAdmin('settings');
    const languages = await screen.findByRole('group', { name: 'Languages' });
    const english = within(languages).getByRole<HTMLInputElement>('checkbox', { name: 'English' });
    expect(english.checked).toBe(true);
    expect(english.disabled).toBe(true);
    expect(english.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText("English is the default language: every block's own text is English.")).toBeTruthy();
    expect(within(languages).getByRole<HTMLInputElement>('checkbox', { name: 'Spanish' }).checked).toBe(true);
    expect(within(languages).getByRole<HTMLInputElement>('checkbox', { name: 'French' }).checked).toBe(false);

    await user.click(within(languages).getByRole('checkbox', { name: 'Portuguese' }));
    await user.click(within(languages).getByRole('checkbox', { name: 'French' }));
    await user.click(within(languages).getByRole('checkbox', { name: 'Spanish' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeTruthy();
    const put = server.requests.find((request) => request.method === 'PUT');
    expect((put?.body as { languages?: unknown }).languages).toEqual(['en', 'fr', 'pt']);
  });

  it('shows field errors and sends nothing until they are fixed', async () => {
    const server = serve({ teams: [elections] });
    const { user } = renderAdmin('settings');
    await user.type(await screen.findByRole('textbox', { name: 'Support email' }), 'not-an-address');
    await user.type(screen.getByRole('textbox', { name: 'Blocks in Frequently Used' }), '500');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The support email must be an email address.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 50, or leave it empty for the usual number.')).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal", async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = serve({ teams: [elections] });
    server.failNext.set(`PUT /api/admin/accounts/${ACCOUNT_ID}/settings`, { status: 403, code: 'forbidden', message: 'Only the account admin can change the settings.' });
    const { user } = renderAdmin('settings');
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(within(await screen.findByRole('alert', any)).getByText('Only the account admin can change the settings.')).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Saving the account settings failed']));
  });
});

describe('the domains this account owns', () => {
  it('adds a domain, shows the TXT record to publish, and verifies it once the record is there', async () => {
    const server = serve({ teams: [elections], domains: [makeDomain({ domain: 'aldercounty.example', verified: true, verifiedAt: '2026-11-01T09:00:00.000Z' })] });
    const { user } = renderAdmin('settings');
    const list = await screen.findByRole('list', { name: 'Domains' });
    const owned = within(list).getByRole('listitem', { name: 'aldercounty.example' });
    expect(within(owned).getByText('Verified')).toBeTruthy();
    expect(within(owned).queryByRole('button', { name: 'Verify aldercounty.example' })).toBeNull();

    const add = screen.getByRole('form', { name: 'Add a domain' });
    await user.type(within(add).getByRole('textbox', { name: 'Domain' }), 'not a domain');
    await user.click(within(add).getByRole('button', { name: 'Add domain' }));
    expect(await within(add).findByText('Enter a domain such as aldercounty.example.')).toBeTruthy();
    await user.clear(within(add).getByRole('textbox', { name: 'Domain' }));
    await user.type(within(add).getByRole('textbox', { name: 'Domain' }), 'Recorder.AlderCounty.example');
    await user.click(within(add).getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('recorder.aldercounty.example was added. Publish its TXT record, then verify it.')).toBeTruthy();

    const claim = await screen.findByRole('listitem', { name: 'recorder.aldercounty.example' });
    const record = within(claim).getByRole('definition', { name: (_name, element) => element.textContent === '_cannery.recorder.aldercounty.example' });
    expect(record).toBeTruthy();
    const value = server.domains.find((domain) => domain.domain === 'recorder.aldercounty.example')!.record.value;
    expect(within(claim).getByText(value)).toBeTruthy();
    expect(within(claim).getByText('Not verified')).toBeTruthy();

    await user.click(within(claim).getByRole('button', { name: 'Verify recorder.aldercounty.example' }));
    expect(within(await screen.findByRole('alert', any)).getByText(/No TXT record at _cannery.recorder.aldercounty.example holds this account's code yet/)).toBeTruthy();

    server.publishedRecords.push(value);
    await user.click(within(claim).getByRole('button', { name: 'Verify recorder.aldercounty.example' }));
    expect(await screen.findByText('recorder.aldercounty.example is verified.')).toBeTruthy();
    expect(await within(await screen.findByRole('listitem', { name: 'recorder.aldercounty.example' })).findByText('Verified')).toBeTruthy();
  }, 20_000);

  it('removes a domain', async () => {
    const server = serve({ teams: [elections], domains: [makeDomain({ domain: 'old.example' })] });
    const { user } = renderAdmin('settings');
    await user.click(await screen.findByRole('button', { name: 'Remove old.example' }));
    expect(await screen.findByText('old.example was removed.')).toBeTruthy();
    expect(server.domains).toEqual([]);
    expect(screen.queryByRole('listitem', { name: 'old.example' })).toBeNull();
  });
});
