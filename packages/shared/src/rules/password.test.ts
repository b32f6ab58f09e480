import { describe, expect, it } from 'vitest';
import { isValidPassword } from './password.js';

describe('SPEC §5 new password: at least 8 characters with a digit, a lowercase and an uppercase letter', () => {
  it.each(['Abcdefg1', 'Médecin2026', 'PASSword9', 'aB3' + 'x'.repeat(5)])('accepts %s', (p) => {
    expect(isValidPassword(p)).toBe(true);
  });
  it.each([
    ['7 characters', 'Abcdef1'],
    ['no digit', 'Abcdefgh'],
    ['no lowercase', 'ABCDEFG1'],
    ['no uppercase', 'abcdefg1'],
    ['empty', ''],
    ['over 128 characters', 'Aa1' + 'x'.repeat(126)],
  ])('refuses %s', (_label, p) => {
    expect(isValidPassword(p)).toBe(false);
  });
});
