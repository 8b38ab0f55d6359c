import { describe, expect, it } from 'vitest';
import { CLOUDWATCH_NAMESPACE, flushAfter, lambdaTelemetry } from '../../server/observability/cloudwatch';

/**
 * The Lambda functions' metrics, as CloudWatch reads them from the log: embedded-metric-format
 * lines in the namespace `Cannery`, labels as dimensions, counters as what happened since the last
 * flush, timings as values CloudWatch takes percentiles of; flushed after each invocation.
 */
interface EmfLine {
  _aws: { Timestamp: number; CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> };
  [key: string]: unknown;
}

function collector() {
  const lines: EmfLine[] = [];
  const { telemetry, flush } = lambdaTelemetry('cannery-lambda-test', (line) => lines.push(JSON.parse(line) as EmfLine));
  return { lines, telemetry, flush };
}

describe('metrics on Lambda, for CloudWatch', () => {
  it('writes a counter with its labels as dimensions, and only what changed since the last flush', async () => {
    const { lines, telemetry, flush } = collector();
    telemetry.insertionFailed({ host: 'gmail', editor: 'gmail-compose', code: 'insert-failed' });
    telemetry.insertionFailed({ host: 'gmail', editor: 'gmail-compose', code: 'insert-failed' });
    await flush();
    const failures = lines.filter((line) => 'cannery.insertion_failures' in line);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ host: 'gmail', editor: 'gmail-compose', code: 'insert-failed', 'cannery.insertion_failures': 2 });
    expect(failures[0]!._aws.CloudWatchMetrics).toEqual([{ Namespace: CLOUDWATCH_NAMESPACE, Dimensions: [['host', 'editor', 'code']], Metrics: [{ Name: 'cannery.insertion_failures', Unit: 'Count' }] }]);

    lines.length = 0;
    telemetry.insertionFailed({ host: 'gmail', editor: 'gmail-compose', code: 'insert-failed' });
    await flush();
    expect(lines.filter((line) => 'cannery.insertion_failures' in line).map((line) => line['cannery.insertion_failures'])).toEqual([1]);
    lines.length = 0;
    await flush();
    expect(lines.filter((line) => 'cannery.insertion_failures' in line)).toEqual([]);
  });

  it('writes a timing as the values of its buckets, in seconds', async () => {
    const { lines, telemetry, flush } = collector();
    telemetry.request({ method: 'GET', route: '/api/health/ready', status: 200 }, 0.004);
    telemetry.request({ method: 'GET', route: '/api/health/ready', status: 200 }, 0.3);
    await flush();
    const timing = lines.find((line) => 'cannery.http.request.duration.seconds' in line)!;
    expect(timing['cannery.http.request.duration.seconds']).toEqual([0.005, 0.5]);
    expect(timing._aws.CloudWatchMetrics[0]!.Metrics).toEqual([{ Name: 'cannery.http.request.duration.seconds', Unit: 'Seconds' }]);
    expect(timing).toMatchObject({ method: 'GET', route: '/api/health/ready', status_class: '2xx' });
  });

  it('flushes after each invocation, whether it answered or failed', async () => {
    let flushed = 0;
    const flush = () => Promise.resolve(void (flushed += 1));
    const answers = flushAfter((value: number) => Promise.resolve(value * 2), flush);
    expect(await answers(21)).toBe(42);
    const fails = flushAfter(() => Promise.reject(new Error('the database is away')), flush);
    await expect(fails()).rejects.toThrow('the database is away');
    expect(flushed).toBe(2);
  });
});
