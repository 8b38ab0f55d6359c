import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPickerFrame, pickerSize, placePicker } from '../../../hosts/text-input/picker-frame';

/**
 * The text-field picker in a narrow window: a 320 px wide page (a phone, a window snapped to a
 * side) shows all of it, 8 px from each edge, where it used to be 362 px wide and cut off.
 */

const PHONE = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 900 };
const field = (left: number, top: number, width = 200, height = 30) => new DOMRect(left, top, width, height);

describe('the picker in a narrow viewport', () => {
  it('is 360 by 480 px where they fit, and narrower or lower in a smaller viewport, 8 px from each edge', () => {
    expect(pickerSize(DESKTOP)).toEqual({ width: 360, height: 480 });
    expect(pickerSize(PHONE)).toEqual({ width: 304, height: 480 });
    expect(pickerSize({ width: 320, height: 400 })).toEqual({ width: 304, height: 384 });
  });

  it('places it inside a 320 px viewport wherever the field is, below the field when it fits, else above', () => {
    for (const left of [0, 8, 100, 250, 319]) {
      for (const top of [10, 100, 300, 600]) {
        const at = placePicker(field(left, top, 60), PHONE);
        const size = pickerSize(PHONE);
        expect(at.left, `field at ${left},${top}`).toBeGreaterThanOrEqual(8);
        expect(at.left + size.width, `field at ${left},${top}`).toBeLessThanOrEqual(PHONE.width - 8);
        expect(at.top).toBeGreaterThanOrEqual(8);
        expect(at.top + size.height).toBeLessThanOrEqual(PHONE.height - 8);
      }
    }
    expect(placePicker(field(8, 40), PHONE)).toEqual({ left: 8, top: 78 });
    expect(placePicker(field(8, 560), PHONE)).toEqual({ left: 8, top: 72 });
    expect(placePicker(field(400, 40), DESKTOP)).toEqual({ left: 400, top: 78 });
  });
});

describe('openPickerFrame in a 320 px wide window', () => {
  const lifetime = new AbortController();
  const original = { width: window.innerWidth, height: window.innerHeight };
  const setViewport = (size: { width: number; height: number }) => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: size.width });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: size.height });
  };
  beforeEach(() => setViewport(PHONE));
  afterEach(() => {
    setViewport(original);
    document.querySelectorAll('cannery-picker').forEach((element) => element.remove());
  });

  it('frames the picker 304 px wide, border included, inside the page', () => {
    const frame = openPickerFrame({ doc: document, anchor: field(150, 40, 150), url: 'about:blank', signal: lifetime.signal, onClose: vi.fn() });
    expect(frame.iframe.style.width).toBe('304px');
    expect(frame.iframe.style.height).toBe('480px');
    expect(frame.iframe.style.boxSizing).toBe('border-box');
    expect(frame.host.style.left).toBe('8px');
    expect(frame.host.style.top).toBe('78px');
    frame.close();
  });
});
