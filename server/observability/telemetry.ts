/**
 * What Cannery counts and times, through the OpenTelemetry SDK: one meter provider and one tracer
 * provider per server, never the process-wide globals, so two servers in one process (tests) keep
 * their own numbers. Readers and exporters are the entry's choice (server/observability/node.ts:
 * a Prometheus scrape endpoint and OTLP; server/observability/cloudwatch.ts on Lambda). Without
 * any, `noTelemetry` answers every call and keeps nothing.
 *
 * Labels are bounded sets (route patterns, status codes, reasons named in code), never ids, names,
 * addresses or content. The metrics, their labels and what they mean are in docs/monitoring.md.
 */
import { context, createNoopMeter, SpanKind, SpanStatusCode, trace, type Attributes, type Counter, type Histogram, type Meter, type ObservableGauge, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { IMetricReader } from '@opentelemetry/sdk-metrics';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';

/** Seconds: from a cache hit to a slow report or a stuck database (Prometheus' `le` buckets). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type SignInMethod = 'password' | 'work_account';

export interface Telemetry {
  /** An API request answered: its method, the route's pattern and the status. */
  request(attributes: { method: string; route: string; status: number }, seconds: number): void;
  /** A sign-in finished, or failed with `reason` (the user pool's error type, or why it was refused). */
  signIn(method: SignInMethod, outcome: { ok: true } | { ok: false; reason: string }): void;
  /** An account was locked after repeated failed sign-ins. */
  lockout(): void;
  /** A mail delivery attempt ended: sent, to be retried, or given up (dead). */
  mailDelivery(outcome: 'sent' | 'retried' | 'dead'): void;
  /** A client could not insert a block: where (host, editor kind) and the host's error code. */
  insertionFailed(attributes: { host: string; editor: string; code: string }): void;
  /** Runs one database query, timed and traced. */
  query<T>(run: () => Promise<T>): Promise<T>;
  /**
   * Reports `read()` as gauges each time the metrics are collected (the mail queue, read from the
   * database: the same for every instance, so dashboards take the max, not the sum).
   */
  observeMailQueue(read: () => Promise<{ pending: number; oldestPendingSeconds: number }>): void;
  /** Reports the connection pool's sizes each time the metrics are collected. */
  observePool(read: () => { total: number; idle: number; waiting: number }): void;
  /** The tracer for the server's own spans (a request, a query). */
  tracer: Tracer;
  /** Flushes what is buffered and stops the readers and exporters. */
  shutdown(): Promise<void>;
}

export interface TelemetryOptions {
  /** Who reports: `service.name` (OTEL_SERVICE_NAME) and the instance. */
  serviceName: string;
  instanceId?: string;
  metricReaders: IMetricReader[];
  spanProcessors: SpanProcessor[];
}

let contextManagerReady = false;

/**
 * Spans started inside a request have it as their parent through Node's AsyncLocalStorage: a
 * context manager is process-wide by nature, and one is enough for every server.
 */
function ensureContextManager(): void {
  if (contextManagerReady) return;
  contextManagerReady = context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

export function createTelemetry(options: TelemetryOptions): Telemetry {
  const resource = resourceFromAttributes({ 'service.name': options.serviceName, ...(options.instanceId ? { 'service.instance.id': options.instanceId } : {}) });
  const meterProvider = options.metricReaders.length > 0 ? new MeterProvider({ resource, readers: options.metricReaders }) : null;
  const tracerProvider = options.spanProcessors.length > 0 ? new BasicTracerProvider({ resource, spanProcessors: options.spanProcessors }) : null;
  if (tracerProvider) ensureContextManager();
  const meter = meterProvider?.getMeter('cannery') ?? createNoopMeter();
  const tracer = tracerProvider?.getTracer('cannery') ?? trace.getTracer('cannery-off');
  return { ...instrumentsOf(meter, tracer), tracer, shutdown: async () => void (await Promise.all([meterProvider?.shutdown(), tracerProvider?.shutdown()])) };
}

/** Telemetry that keeps nothing: the default of every server that was given none. */
export const noTelemetry: Telemetry = { ...instrumentsOf(createNoopMeter(), trace.getTracer('cannery-off')), tracer: trace.getTracer('cannery-off'), shutdown: () => Promise.resolve() };

function instrumentsOf(meter: Meter, tracer: Tracer): Omit<Telemetry, 'tracer' | 'shutdown'> {
  const requests: Counter = meter.createCounter('cannery.http.requests', { description: 'API requests answered, by method, route pattern and status' });
  const latency: Histogram = meter.createHistogram('cannery.http.request.duration.seconds', { description: 'Time to answer an API request, by method, route pattern and status class', unit: 's', advice: { explicitBucketBoundaries: LATENCY_BUCKETS } });
  const signIns = meter.createCounter('cannery.sign_ins', { description: 'Sign-ins, by method (password, work_account), outcome and reason of a failure' });
  const lockouts = meter.createCounter('cannery.lockouts', { description: 'Accounts locked after repeated failed sign-ins' });
  const deliveries = meter.createCounter('cannery.mail.deliveries', { description: 'Mail delivery attempts, by outcome (sent, retried, dead)' });
  const insertionFailures = meter.createCounter('cannery.insertion_failures', { description: 'Blocks a client could not insert, by host, editor kind and error code' });
  const queryLatency = meter.createHistogram('cannery.db.query.duration.seconds', { description: 'Time of a database query, by outcome', unit: 's', advice: { explicitBucketBoundaries: LATENCY_BUCKETS } });
  const mailDepth: ObservableGauge = meter.createObservableGauge('cannery.mail.queue.depth', { description: 'Messages waiting in the mail queue (the same on every instance)' });
  const mailAge = meter.createObservableGauge('cannery.mail.queue.oldest.age.seconds', { description: 'Age of the oldest message waiting in the mail queue, 0 when none waits', unit: 's' });
  const poolConnections = meter.createObservableGauge('cannery.db.pool.connections', { description: "This instance's database connections, by state (total, idle, waiting clients)" });

  return {
    request({ method, route, status }, seconds) {
      const attributes: Attributes = { method, route, status: String(status) };
      requests.add(1, attributes);
      latency.record(seconds, { method, route, status_class: `${Math.floor(status / 100)}xx` });
    },
    signIn(method, outcome) {
      signIns.add(1, outcome.ok ? { method, outcome: 'success' } : { method, outcome: 'failure', reason: outcome.reason });
    },
    lockout: () => lockouts.add(1),
    mailDelivery: (outcome) => deliveries.add(1, { outcome }),
    insertionFailed: (attributes) => insertionFailures.add(1, attributes),
    async query(run) {
      const started = performance.now();
      const span = tracer.startSpan('db.query', { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql' } }, context.active());
      try {
        const result = await run();
        queryLatency.record((performance.now() - started) / 1000, { outcome: 'ok' });
        return result;
      } catch (error) {
        queryLatency.record((performance.now() - started) / 1000, { outcome: 'error' });
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
    observeMailQueue(read) {
      // One read of the database per collection, for both gauges.
      let reading: Promise<{ pending: number; oldestPendingSeconds: number } | null> | null = null;
      const once = () => (reading ??= read().catch(() => null).finally(() => setTimeout(() => (reading = null), 0)));
      mailDepth.addCallback(async (result) => {
        const now = await once();
        if (now) result.observe(now.pending);
      });
      mailAge.addCallback(async (result) => {
        const now = await once();
        if (now) result.observe(now.oldestPendingSeconds);
      });
    },
    observePool(read) {
      poolConnections.addCallback((result) => {
        const { total, idle, waiting } = read();
        result.observe(total, { state: 'total' });
        result.observe(idle, { state: 'idle' });
        result.observe(waiting, { state: 'waiting' });
      });
    },
  };
}
