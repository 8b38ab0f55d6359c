/**
 * Telemetry for the Node server (docs/monitoring.md): metrics on a Prometheus scrape endpoint of
 * its own (CANNERY_METRICS_PORT, this machine only unless CANNERY_METRICS_HOST says otherwise, never
 * on the app's port, so a proxy in front of the app never publishes it), and traces and metrics
 * by OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PeriodicExportingMetricReader, type IMetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { ServerConfig } from '../config';
import type { Logger } from '../logger';
import { StartupRefusal } from '../production';
import { createTelemetry, type Telemetry } from './telemetry';

/** How often metrics are pushed by OTLP (Prometheus pulls on its own schedule). */
const OTLP_METRICS_EVERY_MS = 15_000;

export interface NodeTelemetry {
  telemetry: Telemetry;
  /** Starts the metrics endpoint, when there is one. */
  listen(): Promise<void>;
  /** Closes the endpoint, then flushes and stops the exporters. */
  close(): Promise<void>;
}

export function openNodeTelemetry(config: Pick<ServerConfig, 'metricsPort' | 'metricsHost' | 'otlpEndpoint' | 'serviceName'>, logger: Logger): NodeTelemetry {
  const prometheus = config.metricsPort > 0 ? new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true }) : null;
  const readers: IMetricReader[] = prometheus ? [prometheus] : [];
  const otlp = config.otlpEndpoint;
  if (otlp) readers.push(new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter({ url: `${otlp}/v1/metrics` }), exportIntervalMillis: OTLP_METRICS_EVERY_MS }));
  const telemetry = createTelemetry({
    serviceName: config.serviceName,
    instanceId: randomUUID(),
    metricReaders: readers,
    spanProcessors: otlp ? [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${otlp}/v1/traces` }))] : [],
  });

  let server: Server | null = null;
  return {
    telemetry,
    async listen() {
      if (!prometheus) return;
      const endpoint = createServer((request, response) => {
        if (request.method === 'GET' && request.url?.split('?')[0] === '/metrics') {
          prometheus.getMetricsRequestHandler(request, response);
          return;
        }
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics');
      });
      await new Promise<void>((done, fail) => {
        endpoint.once('error', (error: NodeJS.ErrnoException) =>
          fail(
            error.code === 'EADDRINUSE'
              ? new StartupRefusal(`Port ${config.metricsPort} (CANNERY_METRICS_PORT) is taken: another program listens on it. Stop it, or set CANNERY_METRICS_PORT to a free port.`)
              : error,
          ),
        );
        endpoint.listen(config.metricsPort, config.metricsHost, () => done());
      });
      server = endpoint;
      logger.info({ host: config.metricsHost, port: config.metricsPort }, `metrics at http://${config.metricsHost}:${config.metricsPort}/metrics`);
    },
    async close() {
      const open = server;
      server = null;
      if (open) await new Promise((done) => open.close(done));
      await telemetry.shutdown().catch((error: unknown) => logger.warn({ failure: String(error) }, 'flushing telemetry at shutdown failed'));
    },
  };
}
