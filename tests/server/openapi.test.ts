import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { makeTestApp } from './support/app';
import { testDatabase } from './support/database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe('GET /api/openapi.json', () => {
  it('describes every call of the spec with its schemas, without signing in', async () => {
    const response = await makeTestApp(database).request('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/user-info',
        '/accounts',
        '/accounts/{accountId}/teams',
        '/accounts/{accountId}/autoresponses',
        '/accounts/{accountId}/autoresponses/mostfrequentlyused',
        '/accounts/{accountId}/teams/{teamId}/suggestedautoresponses',
        '/accounts/{accountId}/teams/{teamId}/sentautoresponses',
        '/accounts/{accountId}/phoneflows',
        '/accounts/{accountId}/teams/{teamId}/recordedphoneflows',
        '/accounts/{accountId}/users/{userSub}/sessions',
        '/classify',
        '/classification-accuracy',
        '/admin/teams',
        '/admin/accounts/{accountId}/teams/{teamId}/blocks',
        '/admin/accounts/{accountId}/teams/{teamId}/blocks/{blockId}',
        '/admin/accounts/{accountId}/teams/{teamId}/blocks/{blockId}/versions/{version}/restore',
        '/admin/accounts/{accountId}/teams/{teamId}/audit',
        '/admin/accounts/{accountId}/teams/{teamId}/suggestions',
        '/admin/accounts/{accountId}/teams/{teamId}/suggestions/{suggestionId}/approve',
        '/admin/accounts/{accountId}/teams/{teamId}/suggestions/{suggestionId}/reject',
        '/admin/accounts/{accountId}/teams/{teamId}/usage',
        '/admin/accounts/{accountId}/teams/{teamId}/usage.csv',
      ]),
    );
    // Changes to an existing block need If-Match, and say what a stale or missing one gets.
    const put = doc.paths['/admin/accounts/{accountId}/teams/{teamId}/blocks/{blockId}'].put;
    expect(put.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'If-Match', in: 'header', required: true })]));
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '412', '428']));
    // Deciding a suggestion twice is a 409; the export is CSV.
    const approve = doc.paths['/admin/accounts/{accountId}/teams/{teamId}/suggestions/{suggestionId}/approve'].post;
    expect(Object.keys(approve.responses)).toEqual(expect.arrayContaining(['201', '400', '403', '404', '409']));
    expect(Object.keys(doc.paths['/admin/accounts/{accountId}/teams/{teamId}/usage.csv'].get.responses['200'].content)).toEqual(['text/csv']);
    const sent = doc.paths['/accounts/{accountId}/teams/{teamId}/sentautoresponses'].post;
    const schema = sent.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['autoResponseId', 'uiSource', 'timeSent']));
    expect(schema.properties.uiSource.enum).toEqual(['recommended', 'frequently_used', 'search', 'std_scrollable_list', 'phone_flow', 'unknown']);
  });
});
