/**
 * SPEC §5 "Glossary search" (issue 14): a word matches when the query is found in the word or its
 * translation, without regard to case — nor to accents, so "oedeme" finds "œdème" and "anemie"
 * finds "anémie" (learners type on phones without French accents at hand).
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .toLowerCase()
    .trim();
}

/** The letter a word is filed under (A–Z), accents aside; null for a word that starts otherwise. */
export function glossaryLetter(word: string): string | null {
  const first = searchKey(word).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : null;
}

export interface GlossaryFilter {
  query?: string;
  letter?: string | null;
}

/** The words shown: those of the letter chosen, matching the search, in alphabetical order. */
export function filterGlossary<T extends { word: string; translation: string }>(
  words: readonly T[],
  filter: GlossaryFilter,
): T[] {
  const query = searchKey(filter.query ?? '');
  return words
    .filter((w) => !filter.letter || glossaryLetter(w.word) === filter.letter)
    .filter((w) => !query || searchKey(w.word).includes(query) || searchKey(w.translation).includes(query))
    .sort((a, b) => searchKey(a.word).localeCompare(searchKey(b.word), 'en'));
}
