/**
 * Cannery's metrics on AWS Lambda, to CloudWatch: each collection is written to the function's log
 * as CloudWatch's embedded metric format (one JSON line per metric and label set), which
 * CloudWatch turns into metrics of the namespace `Cannery` with the labels as dimensions; nothing
 * is called over the network. Counters and histograms are reported as deltas since the last line.
 * A frozen Lambda instance runs no timers, so the entry flushes after each invocation
 * (`flushAfter`).
 */
import { AggregationTemporality, DataPointType, PeriodicExportingMetricReader, type PushMetricExporter, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { createTelemetry, type Telemetry } from './telemetry';

type ExportResult = Parameters<PushMetricExporter['export']>[1] extends (result: infer R) => void ? R : never;

export const CLOUDWATCH_NAMESPACE = 'Cannery';
/** CloudWatch takes at most this many values of one metric in one line. */
const MAX_VALUES = 100;
/** A long timer: the entry flushes after each invocation; this only catches a warm, idle instance. */
const EXPORT_EVERY_MS = 60_000;

/** CloudWatch's unit of a metric: seconds for the timings (their names end so), counts for the rest. */
function unitOf(name: string): 'Seconds' | 'Count' {
  return name.endsWith('.seconds') ? 'Seconds' : 'Count';
}

/**
 * The embedded-metric-format lines for `metrics` at `timestamp` (ms since the epoch). A histogram
 * becomes the values of its buckets' upper bounds, each as often as the bucket counted (at most
 * `MAX_VALUES`), so CloudWatch's percentiles come from the same buckets as Prometheus'.
 */
export function embeddedMetricLines(metrics: ResourceMetrics, timestamp: number): string[] {
  const lines: string[] = [];
  for (const scope of metrics.scopeMetrics) {
    for (const metric of scope.metrics) {
      const name = metric.descriptor.name;
      for (const point of metric.dataPoints) {
        let value: number | number[];
        if (metric.dataPointType === DataPointType.HISTOGRAM) {
          const { boundaries, counts } = (point.value as { buckets: { boundaries: number[]; counts: number[] } }).buckets;
          const values: number[] = [];
          counts.forEach((count, index) => {
            const bound = boundaries[index] ?? boundaries.at(-1) ?? 0;
            for (let n = 0; n < count && values.length < MAX_VALUES; n += 1) values.push(bound);
          });
          if (values.length === 0) continue;
          value = values;
        } else {
          value = Number(point.value);
          // A counter that did not move since the last line says nothing new.
          if (metric.dataPointType === DataPointType.SUM && value === 0) continue;
        }
        const dimensions = Object.fromEntries(Object.entries(point.attributes).map(([key, attribute]) => [key, String(attribute)]));
        lines.push(
          JSON.stringify({
            _aws: {
              Timestamp: timestamp,
              CloudWatchMetrics: [{ Namespace: CLOUDWATCH_NAMESPACE, Dimensions: [Object.keys(dimensions)], Metrics: [{ Name: name, Unit: unitOf(name) }] }],
            },
            ...dimensions,
            [name]: value,
          }),
        );
      }
    }
  }
  return lines;
}

/** Writes each collection to `write` (the log) as embedded-metric-format lines. */
export class EmbeddedMetricExporter implements PushMetricExporter {
  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {}

  export(metrics: ResourceMetrics, done: (result: ExportResult) => void): void {
    for (const line of embeddedMetricLines(metrics, Date.now())) this.write(line);
    done({ code: 0 });
  }

  selectAggregationTemporality(): AggregationTemporality {
    return AggregationTemporality.DELTA;
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** Telemetry for a Lambda function, and the flush to run once each invocation has answered. */
export function lambdaTelemetry(serviceName: string, write?: (line: string) => void): { telemetry: Telemetry; flush: () => Promise<void> } {
  const reader = new PeriodicExportingMetricReader({ exporter: new EmbeddedMetricExporter(write), exportIntervalMillis: EXPORT_EVERY_MS });
  const telemetry = createTelemetry({ serviceName, metricReaders: [reader], spanProcessors: [] });
  return { telemetry, flush: () => reader.forceFlush() };
}

/** `handler`, flushing the metrics after each invocation, answered or failed. */
export function flushAfter<A extends unknown[], R>(handler: (...args: A) => Promise<R>, flush: () => Promise<void>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await handler(...args);
    } finally {
      await flush().catch(() => undefined);
    }
  };
}
