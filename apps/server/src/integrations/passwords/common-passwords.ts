import { dictionaryForm } from '@medenglish/shared';

/**
 * The lists of passwords and words attackers try first (issue 20): zxcvbn-ts's common passwords
 * (leaked-password corpora), the most frequent English and French words, and English and French
 * first names — a name with a year is among the commonest passwords there are. About 150,000
 * entries, indexed once by the forms `passwordWeakness` compares (lower case, with and without
 * accents): a few megabytes, read at the first check, not at start.
 */
let index: Promise<Set<string>> | null = null;

async function load(): Promise<Set<string>> {
  const [common, en, fr] = await Promise.all([
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-fr'),
  ]);
  const set = new Set<string>();
  for (const list of [
    common.dictionary['passwords-common'],
    en.dictionary['commonWords-en'],
    en.dictionary['firstnames-en'],
    fr.dictionary['commonWords-fr'],
    fr.dictionary['firstnames-fr'],
  ]) {
    for (const word of list) for (const form of dictionaryForm(word)) set.add(form);
  }
  return set;
}

/** Whether a candidate (as `passwordCandidates` gives it) is in the lists. */
export async function commonPasswordLists(): Promise<(word: string) => boolean> {
  index ??= load();
  const set = await index;
  return (word) => set.has(word);
}
