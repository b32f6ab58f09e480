/**
 * Issue 20: beyond SPEC §5's rule (8 characters, a digit, a lower- and an upper-case letter),
 * refuse the passwords attackers try first. Pure: the dictionary is the caller's (the server holds
 * the lists; the web app asks it through POST /api/password/check).
 */
export type PasswordWeakness = 'common' | 'repeated';

/** Look-alike characters read back as the letters they stand for ("Passw0rd", "P@ssword"). */
const SUBSTITUTIONS: Record<string, string[]> = {
  '0': ['o'],
  '1': ['l', 'i'],
  '3': ['e'],
  '4': ['a'],
  '5': ['s'],
  '7': ['t'],
  '@': ['a'],
  $: ['s'],
  '!': ['i'],
};

/** A number, year or punctuation at the end: "123", "2026!", "_01". */
const TRAILING_NUMBER = /[\p{Nd}\p{P}\p{S}\s]+$/u;

/**
 * Lower case, accents kept and dropped: "Médecin" is found as "médecin" and "medecin". Lists are
 * indexed by the same forms, so "Medecin2026" meets the list's "médecin".
 */
export function dictionaryForm(word: string): string[] {
  const lower = word.normalize('NFC').toLocaleLowerCase('fr');
  const plain = lower.normalize('NFD').replace(/\p{M}/gu, '');
  return plain === lower ? [lower] : [lower, plain];
}

/** Each way of reading the substitutions back (both readings of "1"), a few at most. */
function unsubstituted(word: string): string[] {
  let readings = [''];
  for (const char of word) {
    const options = SUBSTITUTIONS[char] ? [char, ...SUBSTITUTIONS[char]!] : [char];
    readings = readings.flatMap((r) => options.map((o) => r + o)).slice(0, 64);
  }
  return readings;
}

/**
 * What the password may be made of, as a dictionary would hold it: the whole, and the whole
 * without a trailing number, year or punctuation ("Azerty123", "Camille2026!"), each with its
 * substitutions read back.
 */
export function passwordCandidates(password: string): string[] {
  const out = new Set<string>();
  for (const lower of dictionaryForm(password.trim())) {
    for (const reading of unsubstituted(lower)) {
      out.add(reading);
      out.add(reading.replace(TRAILING_NUMBER, ''));
    }
    // "P4ssw0rd2026": digits at the end are a year, not letters in disguise.
    const core = lower.replace(TRAILING_NUMBER, '');
    for (const reading of unsubstituted(core)) out.add(reading);
  }
  out.delete('');
  return [...out];
}

/** Mostly one character, spaces included: "aaaaaaA1", "Aa1     ". */
export function isMostlyOneCharacter(password: string): boolean {
  const counts = new Map<string, number>();
  for (const char of password.toLocaleLowerCase('fr')) counts.set(char, (counts.get(char) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  return most * 2 > [...password].length;
}

/** Why the password is too easy to guess, or null when it is not. */
export function passwordWeakness(
  password: string,
  isCommon: (word: string) => boolean,
): PasswordWeakness | null {
  if (isMostlyOneCharacter(password)) return 'repeated';
  // A core of one or two characters before a number is no word at all: "Ab123456" is a number.
  if ([...password.trim().replace(TRAILING_NUMBER, '')].length < 3) return 'common';
  return passwordCandidates(password).some(isCommon) ? 'common' : null;
}
