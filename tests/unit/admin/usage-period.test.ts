// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { customRange, daysBetween, intervalFor, isUtcDay, presetRange } from '../../../src/admin/usage/usage-period';

const at = (iso: string) => new Date(iso);

describe('usage period presets', () => {
  it('end today in UTC and count today among their days', () => {
    const now = at('2026-11-23T04:43:00Z');
    expect(presetRange('7d', now)).toEqual({ from: '2026-11-17', to: '2026-11-23', interval: 'day' });
    expect(presetRange('30d', now)).toEqual({ from: '2026-10-25', to: '2026-11-23', interval: 'day' });
    expect(presetRange('90d', now)).toEqual({ from: '2026-08-26', to: '2026-11-23', interval: 'day' });
    expect(presetRange('12m', now)).toEqual({ from: '2025-11-24', to: '2026-11-23', interval: 'week' });
  });

  it('take the UTC day, not the local one', () => {
    // 23:30 on 22 November in New York is already 23 November in UTC.
    expect(presetRange('7d', at('2026-11-23T04:30:00Z')).to).toBe('2026-11-23');
    expect(presetRange('7d', at('2026-11-22T23:59:59.999Z')).to).toBe('2026-11-22');
  });

  it('gives 12 months of 365 days, or 366 across a 29 February, within the server limit', () => {
    const common = presetRange('12m', at('2026-06-15T12:00:00Z'));
    expect(daysBetween(common.from, common.to)).toBe(365);
    const leap = presetRange('12m', at('2028-03-10T12:00:00Z'));
    expect(leap.from).toBe('2027-03-11');
    expect(daysBetween(leap.from, leap.to)).toBe(366);
    const onLeapDay = presetRange('12m', at('2028-02-29T08:00:00Z'));
    expect(onLeapDay).toEqual({ from: '2027-03-01', to: '2028-02-29', interval: 'week' });
    expect(daysBetween(onLeapDay.from, onLeapDay.to)).toBe(366);
  });

  it('crosses years and month ends', () => {
    expect(presetRange('7d', at('2027-01-03T00:00:00Z')).from).toBe('2026-12-28');
    expect(presetRange('30d', at('2026-03-01T10:00:00Z')).from).toBe('2026-01-31');
  });
});

describe('usage intervals', () => {
  it('are days up to 92 days, weeks beyond', () => {
    expect(intervalFor('2026-01-01', '2026-01-01')).toBe('day');
    expect(intervalFor('2026-01-01', '2026-04-02')).toBe('day'); // 92 days
    expect(daysBetween('2026-01-01', '2026-04-02')).toBe(92);
    expect(intervalFor('2026-01-01', '2026-04-03')).toBe('week'); // 93 days
  });
});

describe('custom usage periods', () => {
  it('accept two days in order, both included', () => {
    expect(customRange('2026-11-01', '2026-11-01')).toEqual({ ok: true, range: { from: '2026-11-01', to: '2026-11-01', interval: 'day' } });
    expect(customRange('2026-01-01', '2026-12-31')).toEqual({ ok: true, range: { from: '2026-01-01', to: '2026-12-31', interval: 'week' } });
  });

  it('refuse missing or impossible days, days out of order and periods over 366 days', () => {
    expect(customRange('', '2026-11-01')).toEqual({ ok: false, error: 'Enter the first day of the period.' });
    expect(customRange('2026-11-01', '2026-02-30')).toEqual({ ok: false, error: 'Enter the last day of the period.' });
    expect(customRange('2026-11-02', '2026-11-01')).toEqual({ ok: false, error: 'The first day must not be after the last day.' });
    expect(customRange('2027-03-01', '2028-02-29')).toMatchObject({ ok: true });
    expect(customRange('2027-02-28', '2028-02-29')).toEqual({ ok: false, error: 'A period can be at most 366 days long.' });
  });

  it('know which days exist', () => {
    expect(isUtcDay('2028-02-29')).toBe(true);
    expect(isUtcDay('2026-02-29')).toBe(false);
    expect(isUtcDay('2026-1-01')).toBe(false);
    expect(isUtcDay('2026-13-01')).toBe(false);
  });
});
