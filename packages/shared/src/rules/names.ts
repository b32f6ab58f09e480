/** Not in the spec: names longer than this are refused rather than stored. */
export const NAME_MAX_LENGTH = 80;

/**
 * SPEC §5 "Name edit": letters only (Unicode letters, apostrophes, spaces, hyphens), starting and
 * ending with a letter. Typographic apostrophes (’) count as apostrophes.
 */
const namePattern = /^\p{L}(?:[\p{L}\p{M}'’ -]*\p{L}\p{M}*)?$/u;

export function isValidName(name: string): boolean {
  return name.length > 0 && name.length <= NAME_MAX_LENGTH && namePattern.test(name);
}

/** SPEC §4: on toggle the first name is capitalised (first letter upper, rest lower). */
export function capitalizeFirstName(firstname: string): string {
  const trimmed = firstname.trim();
  if (!trimmed) return trimmed;
  const [first = '', ...rest] = Array.from(trimmed);
  return first.toLocaleUpperCase('fr') + rest.join('').toLocaleLowerCase('fr');
}

/** SPEC §4: on toggle the last name is upper-cased. */
export function upperLastName(name: string): string {
  return name.trim().toLocaleUpperCase('fr');
}

/**
 * Issue 32: a name a school's provider asserts, made to fit SPEC §5 before the learner sees it:
 * what is not a letter, an apostrophe, a space or a hyphen is dropped (markup included), spaces
 * are collapsed and the ends trimmed to a letter. Empty when nothing usable is left, so that the
 * first sign-in asks for it; the learner confirms both names, and the server checks them again.
 */
export function nameFromProvider(raw: string): string {
  const kept = Array.from(raw.normalize('NFC').replace(/<[^>]*>/g, ' '))
    .filter((c) => /[\p{L}\p{M}'’ -]/u.test(c))
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}]+|[^\p{L}\p{M}]+$/gu, '')
    .slice(0, NAME_MAX_LENGTH)
    .replace(/[^\p{L}\p{M}]+$/u, '');
  return isValidName(kept) ? kept : '';
}
