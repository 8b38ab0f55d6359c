// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fieldSentence } from '../../../src/domain/form-validation';

describe('fieldSentence', () => {
  it('says a predicate of its subject, as one sentence', () => {
    expect(fieldSentence('Category 2', 'must not be empty')).toBe('Category 2 must not be empty.');
    expect(fieldSentence('Name', 'must be at most 200 characters')).toBe('Name must be at most 200 characters.');
    expect(fieldSentence('This row', 'must be a block: an object with name, body, ...')).toBe('This row must be a block: an object with name, body, ...');
  });

  it('keeps a message that is already a sentence exactly, as the spec words them', () => {
    expect(fieldSentence('Block', 'Block Content is required')).toBe('Block Content is required');
    expect(fieldSentence('Tasks', 'Add at least one task.')).toBe('Add at least one task.');
    expect(fieldSentence('Blocks', '2 blocks of the team are named "A": give the _id of the one to change.')).toBe('2 blocks of the team are named "A": give the _id of the one to change.');
  });
});
