import { describe, expect, it } from 'vitest';
import { GREETINGS, greeting, greetingKind } from './greetings.js';

describe('SPEC §9 greetings: New Year before 15 January, Christmas from 24 December, by server date', () => {
  it.each([
    ['2027-01-01', 'newYear'],
    ['2027-01-14', 'newYear'],
    ['2027-01-15', 'everyday'],
    ['2026-12-23', 'everyday'],
    ['2026-12-24', 'christmas'],
    ['2026-12-31', 'christmas'],
    ['2026-06-15', 'everyday'],
  ])('%s → %s', (day, kind) => expect(greetingKind(day)).toBe(kind));

  it('greets by first name, picking the everyday greeting from the random draw', () => {
    expect(greeting('2027-01-14', 'Camille', 0.5)).toBe('Bonne année Camille\u00a0!');
    expect(greeting('2026-12-24', 'Camille', 0.5)).toBe('Joyeux Noël Camille\u00a0!');
    expect(greeting('2026-06-15', 'Camille', 0)).toBe(GREETINGS.everyday[0]!('Camille'));
    expect(greeting('2026-06-15', 'Camille', 0.999)).toBe(GREETINGS.everyday.at(-1)!('Camille'));
  });

  it('keeps "!" and "?" on the line of the name (French typography: a non-breaking space before them)', () => {
    const texts = [GREETINGS.newYear, GREETINGS.christmas, ...GREETINGS.everyday].map((g) => g('Camille'));
    expect(texts).toContain('Ravi de vous revoir, Camille\u00a0!');
    for (const text of texts) expect(text).not.toMatch(/ [!?]/); // a plain, breakable space
  });
});
