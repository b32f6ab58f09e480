import { describe, expect, it } from 'vitest';
import { capitalizeFirstName, isValidName, nameFromProvider, upperLastName } from './names.js';

describe('SPEC §5 name edit: letters, apostrophes, spaces, hyphens; starts and ends with a letter', () => {
  it.each([
    'Camille',
    'Jean-Pierre',
    "D'Alembert",
    'O’Neill',
    'Marie Claire',
    'Zoë',
    'Łukasz',
    'Nguyễn',
    'محمد',
    'A',
  ])('accepts %s', (n) => expect(isValidName(n)).toBe(true));
  it.each(['Jean2', '-Jean', 'Jean-', "'Jean", 'Jean ', ' Jean', 'Je@n', 'Jean_Luc', '', 'x'.repeat(81)])(
    'refuses %j',
    (n) => expect(isValidName(n)).toBe(false),
  );
});

describe('SPEC §4 capitalisation on toggle', () => {
  it('capitalises the first name: first letter upper, rest lower', () => {
    expect(capitalizeFirstName('jEAN-PIERRE')).toBe('Jean-pierre');
    expect(capitalizeFirstName('élodie')).toBe('Élodie');
    expect(capitalizeFirstName('')).toBe('');
  });
  it('upper-cases the last name', () => {
    expect(upperLastName("d'alembert")).toBe("D'ALEMBERT");
    expect(upperLastName('lefèvre ')).toBe('LEFÈVRE');
  });
});

describe("issue 32: a school provider's names, cleaned to the SPEC §5 rule", () => {
  it.each([
    ['Lucie', 'Lucie'],
    ["  Anne-Marie  d'Arc ", "Anne-Marie d'Arc"],
    ['<img src=x onerror=alert(1)>Zoé', 'Zoé'],
    ['<b>Durand</b>', 'Durand'],
    ['Jean2 (interne)', 'Jean interne'],
    ['<script></script>', ''],
    ['1234', ''],
  ])('%j → %j', (raw, clean) => {
    expect(nameFromProvider(raw)).toBe(clean);
    if (clean) expect(isValidName(clean)).toBe(true);
  });
});
