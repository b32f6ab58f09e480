import { describe, expect, it } from 'vitest';
import { filterGlossary, glossaryLetter, searchKey } from './glossary.js';

const words = [
  { word: 'oedema', translation: 'œdème' },
  { word: 'anaemia', translation: 'anémie' },
  { word: 'Échographie test', translation: 'échographie' },
  { word: 'bradycardia', translation: 'bradycardie' },
  { word: 'X-ray', translation: 'radiographie' },
  { word: 'ACE inhibitor', translation: 'inhibiteur de l’enzyme de conversion (IEC)' },
];

describe('SPEC §5 glossary search (issue 14)', () => {
  it('matches the word or the translation, whatever the case and the accents', () => {
    expect(filterGlossary(words, { query: 'ANEMIE' }).map((w) => w.word)).toEqual(['anaemia']);
    expect(filterGlossary(words, { query: 'oedeme' }).map((w) => w.word)).toEqual(['oedema']);
    expect(filterGlossary(words, { query: 'Œdème' }).map((w) => w.word)).toEqual(['oedema']);
    expect(filterGlossary(words, { query: 'radio' }).map((w) => w.word)).toEqual(['X-ray']);
    expect(filterGlossary(words, { query: 'brady' }).map((w) => w.word)).toEqual(['bradycardia']);
    expect(filterGlossary(words, { query: 'zzz' })).toEqual([]);
  });

  it('files words under their first letter, accents aside, and lists them in order', () => {
    expect(glossaryLetter('Échographie test')).toBe('E');
    expect(glossaryLetter('x-ray')).toBe('X');
    expect(glossaryLetter('5-HT3 antagonist')).toBeNull();
    expect(filterGlossary(words, { letter: 'A' }).map((w) => w.word)).toEqual(['ACE inhibitor', 'anaemia']);
    expect(filterGlossary(words, { letter: 'A', query: 'anem' }).map((w) => w.word)).toEqual(['anaemia']);
    expect(filterGlossary(words, {}).map((w) => w.word)[0]).toBe('ACE inhibitor');
  });

  it('compares without case or accents', () => {
    expect(searchKey('  Œsophage ÉTÉ ')).toBe('oesophage ete');
  });
});
