import { describe, expect, it } from 'vitest';

import { editDistance, nearest } from './suggest.ts';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', 'abc', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['dryrun', 'dry-run', 1], // a character left out
    ['projct', 'project', 1],
    ['replase', 'replace', 1], // one replaced
    ['porject', 'project', 1], // two neighbours swapped
    ['prodution', 'production', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3], // optimal string alignment: a swapped pair is not edited again
  ])('%j -> %j: %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('nearest', () => {
  const OPTIONS = ['project', 'bucket', 'replace', 'dry-run', 'help'];

  it('suggests the option a slip was meant to be', () => {
    expect(nearest('dryrun', OPTIONS)).toBe('dry-run');
    expect(nearest('projct', OPTIONS)).toBe('project');
    expect(nearest('Project', OPTIONS)).toBe('project');
    expect(nearest('bukcet', OPTIONS)).toBe('bucket');
    expect(nearest('hlep', OPTIONS)).toBe('help');
    expect(nearest('prodution', ['default', 'production', 'staging'])).toBe('production');
    expect(nearest('aprove', ['list', 'approve', 'unapprove', 'block', 'unblock'])).toBe('approve');
  });

  it('suggests nothing for a word that is not close to any', () => {
    expect(nearest('force', OPTIONS)).toBeUndefined();
    expect(nearest('x', ['h'])).toBeUndefined(); // one edit, but the whole word
    expect(nearest('', OPTIONS)).toBeUndefined();
    expect(nearest('no-such-option', OPTIONS)).toBeUndefined();
  });

  it('takes the nearest, the earlier on a tie', () => {
    expect(nearest('blok', ['block', 'unblock'])).toBe('block');
    expect(nearest('abcd', ['abce', 'abcf'])).toBe('abce');
  });

  it('a unique start of 3 characters or more names the option', () => {
    expect(nearest('rep', OPTIONS)).toBe('replace');
    expect(nearest('dry', OPTIONS)).toBe('dry-run');
    expect(nearest('un', ['unapprove', 'unblock'])).toBeUndefined();
    expect(nearest('unb', ['unapprove', 'unblock'])).toBe('unblock');
  });
});
