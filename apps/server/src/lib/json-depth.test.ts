import { describe, expect, it } from 'vitest';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.js';

const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('jsonTooDeep', () => {
  it('lets through what nests up to the limit, not one level more', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(nested(10_000))).toBe(true);
  });
  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '[[[[{{{{'.repeat(100), b: 'say \\"[[[" please' });
    expect(jsonTooDeep(text, 3)).toBe(false);
  });
});
