import { describe, expect, it } from 'vitest';
import { isSchoolSignOnEmail, isSsoBlockedEmail, isValidAccountEmail, normalizeEmail } from './email.js';

describe('SPEC §5 account email', () => {
  it('is lowercased and trimmed before sending', () => {
    expect(normalizeEmail('  Jean.DUPONT@Demo-Univ.FR ')).toBe('jean.dupont@demo-univ.fr');
  });
  it.each([
    'abc@chu.fr',
    'jean.dupont@demo-univ.fr',
    'nurse@clinic.com',
    'x.y@hopital.org',
    'doc@sante.eu',
    'abc@net.net',
    'abc@breizh.bzh',
    'abc@school.education',
    ' ABC@CHU.FR ',
  ])('accepts %s', (e) => expect(isValidAccountEmail(e)).toBe(true));
  it.each([
    ['2 characters before @', 'ab@chu.fr'],
    ['a 2-character domain', 'abc@ch.fr'],
    ['another ending', 'abc@chu.io'],
    ['no @', 'abcchu.fr'],
    ['spaces inside', 'a bc@chu.fr'],
    ['two @', 'abc@def@chu.fr'],
    ['over 254 characters', `${'a'.repeat(250)}@chu.fr`],
  ])('refuses %s', (_l, e) => expect(isValidAccountEmail(e)).toBe(false));
});

describe('SPEC §5 single sign-on domain', () => {
  it('blocks the domain and its subdomains, whatever the case', () => {
    expect(isSsoBlockedEmail('a@etu.demo-univ.fr', 'etu.demo-univ.fr')).toBe(true);
    expect(isSsoBlockedEmail(' A@ETU.Demo-Univ.fr', 'etu.demo-univ.fr')).toBe(true);
    expect(isSsoBlockedEmail('a@med.etu.demo-univ.fr', 'etu.demo-univ.fr')).toBe(true);
  });
  it('lets other addresses through, and everything when no domain is configured', () => {
    expect(isSsoBlockedEmail('a@demo-univ.fr', 'etu.demo-univ.fr')).toBe(false);
    expect(isSsoBlockedEmail('a@notetu.demo-univ.fr', 'etu.demo-univ.fr')).toBe(false);
    expect(isSsoBlockedEmail('a@etu.demo-univ.fr', '')).toBe(false);
  });
  it('reads the domain after the last @ (issue 32)', () => {
    expect(isSsoBlockedEmail('a@etu.demo-univ.fr@evil.example', 'etu.demo-univ.fr')).toBe(false);
    expect(isSsoBlockedEmail('a@evil.example@etu.demo-univ.fr', 'etu.demo-univ.fr')).toBe(true);
  });
  it('knows every school domain (issue 32)', () => {
    const domains = ['etu.demo-univ.fr', 'clinique-demo.com'];
    expect(isSchoolSignOnEmail('x@clinique-demo.com', domains)).toBe(true);
    expect(isSchoolSignOnEmail('x@etu.demo-univ.fr', domains)).toBe(true);
    expect(isSchoolSignOnEmail('x@demo-univ.fr', domains)).toBe(false);
    expect(isSchoolSignOnEmail('x@demo-univ.fr', [])).toBe(false);
  });
});
