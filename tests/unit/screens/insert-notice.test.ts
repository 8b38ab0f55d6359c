import { describe, expect, it } from 'vitest';
import { insertNotice, insertedAnnouncement } from '../../../src/insert/use-insert-block';

describe('insertNotice', () => {
  it('says nothing when the host did everything', () => {
    expect(insertNotice({ outcome: 'inserted', skipped: [] })).toBeNull();
    expect(insertNotice({ outcome: 'inserted', skipped: [], notes: [] })).toBeNull();
  });

  it("puts the host's notes after the line of what it could not take", () => {
    expect(insertNotice({ outcome: 'reply-opened', skipped: ['subjectLine'], notes: ['The attachment "a.pdf" could not be added.'] })).toBe(
      "A reply with the block is open. This host cannot take the block's subject line. The attachment \"a.pdf\" could not be added.",
    );
  });

  it('leads the notes with what was done when nothing was skipped', () => {
    expect(insertNotice({ outcome: 'inserted', skipped: [], notes: ['One.', 'Two.'] })).toBe('Inserted. One. Two.');
    expect(insertNotice({ outcome: 'reply-opened', skipped: [], notes: ['One.'] })).toBe('A reply with the block is open. One.');
  });
});

describe('insertedAnnouncement', () => {
  it("names the block and where it went, for the screen reader's status line", () => {
    expect(insertedAnnouncement('Track My Ballot', { outcome: 'inserted', skipped: [] })).toBe('Inserted Track My Ballot.');
    expect(insertedAnnouncement('Track My Ballot', { outcome: 'reply-opened', skipped: [] })).toBe('A reply with Track My Ballot is open.');
  });
});
