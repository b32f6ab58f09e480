/**
 * Numbers written as the interface's language writes them, without Intl for the two languages the
 * app speaks. The first Intl formatter a page builds loads the locale's data, tens of milliseconds
 * on a phone, in the middle of the dashboard's first render (a mark, a percentage): these few
 * lines give Intl's own text for 'fr-FR' and 'en-GB' (numbers.test.ts compares them), and any
 * other locale, or a number these lines do not cover, is left to Intl.
 */

const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  // French groups thousands with a narrow no-break space (U+202F), as Intl does.
  'fr-FR': { group: '\u202f', decimal: ',' },
  'en-GB': { group: ',', decimal: '.' },
};

const intlFormats = new Map<string, Intl.NumberFormat>();

function byIntl(value: number, locale: string, maxFractionDigits: number): string {
  const key = `${locale} ${maxFractionDigits}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: maxFractionDigits });
    intlFormats.set(key, format);
  }
  return format.format(value);
}

/** Adds one to a string of decimal digits ("199" → "200", "99" → "100"). */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * `value` with at most `maxFractionDigits` decimals, rounded half away from zero on its shortest
 * decimal form (as Intl rounds: 1.005 → 1,01), trailing zeros dropped, thousands grouped — what
 * `value.toLocaleString(locale)` writes with 3, its default.
 */
export function formatDecimal(value: number, locale: string, maxFractionDigits = 3): string {
  const separators = SEPARATORS[locale];
  const shortest = String(Math.abs(value));
  // Not finite, or written with an exponent (below 1e-6, from 1e21): Intl's business.
  if (!separators || !Number.isFinite(value) || shortest.includes('e')) {
    return byIntl(value, locale, maxFractionDigits);
  }
  const [whole = '0', fraction = ''] = shortest.split('.');
  let kept = whole + fraction.slice(0, maxFractionDigits).padEnd(maxFractionDigits, '0');
  if ((fraction[maxFractionDigits] ?? '0') >= '5') kept = increment(kept);
  const wholeDigits = kept.slice(0, kept.length - maxFractionDigits) || '0';
  const fractionDigits = kept.slice(kept.length - maxFractionDigits).replace(/0+$/, '');
  const grouped = wholeDigits.replace(/\B(?=(\d{3})+$)/g, separators.group);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${fractionDigits ? separators.decimal + fractionDigits : ''}`;
}
