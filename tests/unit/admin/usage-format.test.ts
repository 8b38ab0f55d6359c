// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countOf, formatDuration, hostLabel, intervalLabel, periodLabel, uiSourceLabel } from '../../../src/admin/usage/usage-format';

describe('usage labels', () => {
  it('name the places in Cannery a block was picked from', () => {
    expect(uiSourceLabel('recommended')).toBe('Recommended');
    expect(uiSourceLabel('search')).toBe('Search');
    expect(uiSourceLabel('std_scrollable_list')).toBe('Block list');
    expect(uiSourceLabel('frequently_used')).toBe('Frequently used');
    expect(uiSourceLabel('phone_flow')).toBe('Checklists');
    expect(uiSourceLabel('unknown')).toBe('Not recorded');
  });

  it('title places nobody named yet, and never read inherited names', () => {
    expect(uiSourceLabel('keyboard_picker')).toBe('Keyboard picker');
    expect(uiSourceLabel('SIDE-PANEL')).toBe('Side panel');
    expect(uiSourceLabel('')).toBe('Not recorded');
    expect(uiSourceLabel('toString')).toBe('Tostring');
  });

  it('name the hosts blocks went to', () => {
    expect(hostLabel('outlook')).toBe('Outlook');
    expect(hostLabel('gmail')).toBe('Gmail');
    expect(hostLabel('text_input')).toBe('Text fields');
    expect(hostLabel('teams_chat')).toBe('Teams chat');
  });
});

describe('usage durations', () => {
  it('show minutes as hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(125)).toBe('2 h 5 min');
    expect(formatDuration(60_061)).toBe('1,001 h 1 min');
    expect(formatDuration(-3)).toBe('0 min');
  });
});

describe('usage days', () => {
  it('are shown in UTC', () => {
    expect(intervalLabel({ start: '2026-11-03', end: '2026-11-03' })).toBe('Nov 3');
    expect(intervalLabel({ start: '2026-11-02', end: '2026-11-08' })).toBe('Nov 2 – Nov 8');
    expect(periodLabel('2026-10-25', '2026-11-23')).toBe('Oct 25, 2026 – Nov 23, 2026');
    expect(periodLabel('2026-01-01', '2026-01-01')).toBe('Jan 1, 2026');
  });

  it('count with the right noun', () => {
    expect(countOf(1, 'use', 'uses')).toBe('1 use');
    expect(countOf(1200, 'use', 'uses')).toBe('1,200 uses');
  });
});
