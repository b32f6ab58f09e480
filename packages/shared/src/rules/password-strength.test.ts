import { describe, expect, it } from 'vitest';
import { isValidPassword } from './password.js';
import { dictionaryForm, passwordCandidates, passwordWeakness } from './password-strength.js';

/** A few entries as the real lists hold them, indexed as the server indexes them. */
const lists = new Set(
  ['password', 'azerty', 'camille', 'médecin', 'poumon', 'soleil', 'ab'].flatMap(dictionaryForm),
);
const isCommon = (word: string) => lists.has(word);

describe('common and breached passwords (issue 20)', () => {
  it.each([
    'Password1',
    'Azerty123',
    'Passw0rd',
    'P@ssword2026',
    'Camille2026!',
    'Médecin2026',
    'Medecin2026',
    'S0leil_01',
  ])('refuses %s as common although it keeps the spec’s rule', (password) => {
    expect(isValidPassword(password)).toBe(true);
    expect(passwordWeakness(password, isCommon)).toBe('common');
  });

  it.each(['aaaaaaA1', 'Aa1     ', 'ZZZZzzz9', '1111111Aa'])(
    'refuses %s as one repeated character',
    (password) => {
      expect(passwordWeakness(password, isCommon)).toBe('repeated');
    },
  );

  it('refuses a one- or two-letter prefix to a number', () => {
    expect(passwordWeakness('Ab123456', () => false)).toBe('common');
    expect(passwordWeakness('Abc12345', () => false)).toBeNull();
  });

  it.each(['Poumon2026x', 'DemoPass2026', 'Nouveau2026pass', 'Tachy-Cardie7', '7!Qz#58@1%kL'])(
    'accepts %s: an uncommon word, or a common one inside more',
    (password) => {
      expect(passwordWeakness(password, isCommon)).toBeNull();
    },
  );

  it('reads substitutions back both ways and drops a trailing number or year', () => {
    expect(passwordCandidates('P4ssw0rd2026')).toContain('password');
    expect(passwordCandidates('L1ly1')).toEqual(expect.arrayContaining(['l1ly1', 'lilyl', 'lily', 'llly']));
    expect(dictionaryForm('Médecin')).toEqual(['médecin', 'medecin']);
  });
});
