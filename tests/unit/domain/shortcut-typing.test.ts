import { describe, expect, it } from 'vitest';
import { createShortcutTyping } from '../../../src/domain/shortcut-typing';

const typeInto = (typing: ReturnType<typeof createShortcutTyping>, text: string) => {
  for (const character of text) typing.key(character);
};

describe('following typed shortcuts', () => {
  it('tells a shortcut typed after ordinary text, whatever its case', () => {
    const typing = createShortcutTyping([';track', ';tr', '/sig']);
    typeInto(typing, 'Hello there ;Track');
    expect(typing.complete()).toBe(';track');
    typing.reset();
    typeInto(typing, ';tr');
    expect(typing.complete()).toBe(';tr');
    typing.reset();
    typeInto(typing, '/sig');
    expect(typing.complete()).toBe('/sig');
  });

  it('tells nothing for a prefix, a longer word, or a reset in the middle', () => {
    const typing = createShortcutTyping([';track']);
    typeInto(typing, ';trac');
    expect(typing.complete()).toBeNull();
    typeInto(typing, 'kk');
    expect(typing.complete()).toBeNull();
    typeInto(typing, ';tr');
    typing.reset();
    typeInto(typing, 'ack');
    expect(typing.complete()).toBeNull();
  });

  it('starts over at a symbol that begins a shortcut', () => {
    const typing = createShortcutTyping([';track']);
    typeInto(typing, ';;track');
    expect(typing.complete()).toBe(';track');
  });

  it('follows a new list, and follows nothing with an empty one', () => {
    const typing = createShortcutTyping([]);
    typeInto(typing, ';track');
    expect(typing.complete()).toBeNull();
    typing.use([';track']);
    typeInto(typing, ';track');
    expect(typing.complete()).toBe(';track');
  });
});
