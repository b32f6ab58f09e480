import { describe, expect, it } from 'vitest';
import { formatDecimal } from './numbers.js';

describe('numbers written as the language writes them, as Intl writes them', () => {
  const values = [
    0,
    -0,
    1,
    7,
    16.25,
    15.5,
    99.995,
    1.005,
    2.675,
    0.1 + 0.2,
    999.9996,
    1000,
    12345.678,
    1234567.891,
    -3.5,
    -0.0004,
    0.0005,
    0.000001,
    5e-7,
    1e21,
    123456789012,
    100,
    66.66666666666667,
    33.333333333333336,
    NaN,
    Infinity,
    -Infinity,
  ];
  // A seeded spread of marks, percentages and larger numbers, with one to six decimals.
  let seed = 17;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  for (let i = 0; i < 2000; i++) {
    const scale = [20, 100, 1e4, 1e7][i % 4]!;
    values.push(Number(((random() - 0.1) * scale).toFixed(1 + (i % 6))));
  }

  it.each(['fr-FR', 'en-GB'])('gives Intl’s text in %s for every value and 0–3 decimals', (locale) => {
    for (const digits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      for (const value of values)
        expect([value, digits, formatDecimal(value, locale, digits)]).toEqual([
          value,
          digits,
          intl.format(value),
        ]);
    }
  });

  it('writes as toLocaleString does by default (three decimals)', () => {
    expect(formatDecimal(12345.6789, 'fr-FR')).toBe((12345.6789).toLocaleString('fr-FR'));
    expect(formatDecimal(12345.6789, 'fr-FR')).toBe('12\u202f345,679');
    expect(formatDecimal(12345.6789, 'en-GB')).toBe('12,345.679');
  });

  it('leaves another locale to Intl', () => {
    expect(formatDecimal(1234.5, 'de-DE')).toBe('1.234,5');
  });
});
