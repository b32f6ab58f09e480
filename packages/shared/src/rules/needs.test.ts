import { describe, expect, it } from 'vitest';
import { messagesFor } from '../messages/index.js';
import { NEEDS, needsToMap } from './needs.js';

describe('SPEC §5 needs analysis', () => {
  it('offers the 23 needs of the spec, each with a label', () => {
    expect(NEEDS).toHaveLength(23);
    expect(new Set(NEEDS).size).toBe(23);
    expect(NEEDS).toContain('telephoning');
    for (const language of ['fr', 'en'] as const)
      expect(Object.keys(messagesFor(language).signup.needLabels).sort()).toEqual([...NEEDS].sort());
  });
  it('stores the selected needs as a map set to true (SPEC §3)', () => {
    expect(needsToMap(['it', 'hr'])).toEqual({ it: true, hr: true });
    expect(needsToMap([])).toEqual({});
  });
});
