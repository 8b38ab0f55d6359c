/**
 * The keystroke cost of typed shortcuts: the real listener (hosts/shared/shortcut-listener.ts) in
 * a DOM (happy-dom), following the shortcuts of 500 of 2,000 blocks, timed per key press while
 * prose with a few shortcuts is typed into a textarea; against a baseline measured in the same run:
 * the same listener following no shortcuts, which does no matching. Both runs dispatch the same
 * key events, so the difference of the medians is what matching adds. Target: well under 0.1 ms.
 */
import { Window } from 'happy-dom';
import { listenForShortcuts } from '../hosts/shared/shortcut-listener';
import { median, percentile, round3 } from './stats';
import type { BenchTable } from './report';

const BLOCKS = 2_000;
const SHORTCUTS = 500;
const ROUNDS = 20;

export interface ShortcutResults {
  blocks: number;
  shortcuts: number;
  keystrokes: number;
  median_ms: number;
  p95_ms: number;
  baseline_median_ms: number;
  baseline_p95_ms: number;
  expansions: number;
}

/** 2,000 blocks, every fourth with a shortcut: ;topic17, /form3, #note42... */
function shortcutsOfBlocks(): string[] {
  const symbols = [';', '/', '#', '!'];
  const words = ['track', 'vote', 'ballot', 'deed', 'fee', 'hours', 'form', 'cure', 'map', 'note'];
  const list: string[] = [];
  for (let block = 0; block < BLOCKS && list.length < SHORTCUTS; block += 1) {
    if (block % 4 === 0) list.push(`${symbols[block % symbols.length]}${words[block % words.length]}${block}`);
  }
  return list;
}

/** Prose a person types, with a shortcut now and then (some that exist, some that do not). */
function typedText(shortcuts: readonly string[]): string {
  const sentence = 'Thank you for writing to the Elections Office about your ballot; we checked the record and it was counted. ';
  const parts: string[] = [];
  for (let i = 0; i < 30; i += 1) parts.push(sentence, i % 3 === 0 ? `${shortcuts[(i * 37) % shortcuts.length]} ` : ';nothing ');
  return parts.join('');
}

async function timeTyping(shortcuts: readonly string[], text: string): Promise<{ samples: number[]; expansions: number }> {
  const window = new Window();
  const doc = window.document as unknown as Document;
  const field = doc.createElement('textarea');
  doc.body.append(field);
  field.focus();
  const controller = new AbortController();
  let expansions = 0;
  listenForShortcuts({ doc, signal: controller.signal, loadShortcuts: () => Promise.resolve(shortcuts), onShortcut: () => (expansions += 1) });
  await Promise.resolve();
  await Promise.resolve();
  const KeyboardEventOf = window.KeyboardEvent as unknown as typeof KeyboardEvent;
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    field.value = '';
    for (const key of text) {
      // The browser types the character after its keydown; the listener reads the field only on a space after a shortcut.
      const event = new KeyboardEventOf('keydown', { key, bubbles: true, cancelable: true });
      // The listener follows only the user's own (trusted) key presses.
      Object.defineProperty(event, 'isTrusted', { value: true });
      const start = performance.now();
      field.dispatchEvent(event);
      samples.push(performance.now() - start);
      if (!event.defaultPrevented) {
        field.value += key;
        field.setSelectionRange(field.value.length, field.value.length);
      }
    }
  }
  controller.abort();
  await window.happyDOM.close();
  return { samples, expansions };
}

export async function runShortcutBench(): Promise<{ results: ShortcutResults; table: BenchTable }> {
  const shortcuts = shortcutsOfBlocks();
  const text = typedText(shortcuts);
  // Warm-up of both, then the timed runs, baseline first.
  await timeTyping([], text.slice(0, 500));
  await timeTyping(shortcuts, text.slice(0, 500));
  const baseline = await timeTyping([], text);
  const matching = await timeTyping(shortcuts, text);
  const results: ShortcutResults = {
    blocks: BLOCKS,
    shortcuts: shortcuts.length,
    keystrokes: matching.samples.length,
    median_ms: round3(median(matching.samples)),
    p95_ms: round3(percentile(matching.samples, 0.95)),
    baseline_median_ms: round3(median(baseline.samples)),
    baseline_p95_ms: round3(percentile(baseline.samples, 0.95)),
    expansions: matching.expansions,
  };
  const table: BenchTable = {
    title: `Typed shortcuts: cost of one key press (${BLOCKS.toLocaleString('en-US')} blocks, ${shortcuts.length} shortcuts)`,
    rows: [
      { engine: 'listener following no shortcuts (baseline)', n: baseline.samples.length, median_ms: results.baseline_median_ms, p95_ms: results.baseline_p95_ms, ratio: '1' },
      {
        engine: 'listener following the shortcuts',
        n: matching.samples.length,
        median_ms: results.median_ms,
        p95_ms: results.p95_ms,
        ratio: results.baseline_median_ms > 0 ? (results.median_ms / results.baseline_median_ms).toFixed(2) : '-',
      },
    ],
    notes: [
      'Per key press: dispatching the keydown through the page (happy-dom) and the listener; the baseline is the same listener with no shortcuts, which does no matching.',
      `Target: matching adds well under 0.1 ms to the median key press. ${matching.expansions / ROUNDS} shortcuts typed per round were expanded.`,
    ],
  };
  return { results, table };
}
