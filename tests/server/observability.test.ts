import { beforeEach, describe, expect, it } from 'vitest';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createTelemetry, type Telemetry } from '../../server/observability/telemetry';
import { json } from './support/bodies';
import { freshWorld, type World } from './support/world';

/**
 * What the server counts and traces, read as Prometheus would read it (the exporter's text) and
 * as an OTLP receiver would (the spans): requests by route pattern, never by concrete path;
 * clients' insertion failures, validated and per account; a span for each request.
 */
let world: World;
let prometheus: PrometheusExporter;
let spans: InMemorySpanExporter;
let telemetry: Telemetry;

beforeEach(async () => {
  prometheus = new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true });
  spans = new InMemorySpanExporter();
  telemetry = createTelemetry({ serviceName: 'cannery-test', metricReaders: [prometheus], spanProcessors: [new SimpleSpanProcessor(spans)] });
  ({ world } = await freshWorld({ telemetry }));
});

/** The metrics as the scrape endpoint would answer now. */
async function scrape(): Promise<string> {
  const { resourceMetrics } = await prometheus.collect();
  return new PrometheusSerializer(undefined, undefined, undefined, undefined, true).serialize(resourceMetrics);
}

/** The value of the series `name{labels}` (labels in the order written), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((row) => row.startsWith(`${name}{`) && wanted.every((label) => row.includes(label)));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

const failures = () => `/accounts/${world.accountA.id}/insertionfailures`;

describe('request metrics', () => {
  it('count each request under its route pattern and status, and time it', async () => {
    const block = `/accounts/${world.accountA.id}/autoresponses`;
    for (let i = 0; i < 3; i += 1) expect((await world.call(world.alice, block)).status).toBe(200);
    expect((await world.app.request('/api/health/ready')).status).toBe(200);
    const text = await scrape();
    expect(valueOf(text, 'cannery_http_requests_total', { method: 'GET', route: '/api/accounts/:accountId/autoresponses', status: '200' })).toBe(3);
    expect(valueOf(text, 'cannery_http_requests_total', { route: '/api/health/ready', status: '200' })).toBe(1);
    expect(valueOf(text, 'cannery_http_request_duration_seconds_count', { route: '/api/accounts/:accountId/autoresponses', status_class: '2xx' })).toBe(3);
    // No concrete path, id or address is ever a label.
    expect(text).not.toContain(world.accountA.id);
  });

  it('trace each request in a span named by its route, with its status', async () => {
    expect((await world.call(world.alice, `/accounts/${world.accountA.id}/autoresponses`)).status).toBe(200);
    const request = spans.getFinishedSpans().find((span) => span.name === 'GET /api/accounts/:accountId/autoresponses');
    expect(request?.attributes).toMatchObject({ 'http.route': '/api/accounts/:accountId/autoresponses', 'http.response.status_code': 200 });
    expect(request?.resource.attributes['service.name']).toBe('cannery-test');
  });
});

describe('POST /api/accounts/{accountId}/insertionfailures', () => {
  it('counts a failure by host, editor kind and code, and answers 204', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await world.call(world.alice, failures(), json('POST', { host: 'text-input', editor: 'rich-text', code: 'insert-failed' }));
      expect(response.status).toBe(204);
    }
    expect((await world.call(world.alice, failures(), json('POST', { host: 'outlook', editor: 'outlook-body', code: 'no-compose' }))).status).toBe(204);
    const text = await scrape();
    expect(valueOf(text, 'cannery_insertion_failures_total', { host: 'text-input', editor: 'rich-text', code: 'insert-failed' })).toBe(2);
    expect(valueOf(text, 'cannery_insertion_failures_total', { host: 'outlook', editor: 'outlook-body', code: 'no-compose' })).toBe(1);
  });

  it('refuses a value outside the fixed lists, or anything more, and counts nothing', async () => {
    for (const body of [
      { host: 'myspace', editor: 'rich-text', code: 'insert-failed' },
      { host: 'gmail', editor: 'gmail-compose', code: 'insert-failed', block: 'The text of a block' },
      { host: 'gmail', editor: 'gmail-compose' },
    ]) {
      const response = await world.call(world.alice, failures(), json('POST', body));
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await scrape()).not.toContain('cannery_insertion_failures_total{');
  });

  it("refuses another account's path like a missing one, and a caller not signed in", async () => {
    const other = await world.call(world.alice, `/accounts/${world.accountB.id}/insertionfailures`, json('POST', { host: 'gmail', editor: 'gmail-compose', code: 'insert-failed' }));
    expect(other.status).toBe(404);
    const anonymous = await world.app.request(`/api${failures()}`, json('POST', { host: 'gmail', editor: 'gmail-compose', code: 'insert-failed' }));
    expect(anonymous.status).toBe(401);
    expect(await scrape()).not.toContain('cannery_insertion_failures_total{');
  });
});
