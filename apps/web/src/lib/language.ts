import { useSyncExternalStore } from 'react';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LOCALES,
  setLanguageResolver,
  type Language,
} from '@medenglish/shared';
import { readStorage, storageKeys, writeStorage } from './storage';

/**
 * The interface language of this tab. `messages` in shared reads it on every access, so a text
 * drawn after a change is in the new language; the provider re-draws the tree when it changes.
 * French unless the learner chose English (on this device, or on their account, which wins once
 * they are signed in).
 */
let language: Language = isLanguage(readStorage(storageKeys.language))
  ? (readStorage(storageKeys.language) as Language)
  : DEFAULT_LANGUAGE;

setLanguageResolver(() => language);
applyToDocument(language);

function applyToDocument(next: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALES[next].slice(0, 2);
}

const listeners = new Set<(next: Language) => void>();

export function getLanguage(): Language {
  return language;
}

/** Sets the language for this tab, remembers it on this device and tells the provider. */
export function setLanguage(next: Language): void {
  if (next === language) return;
  language = next;
  writeStorage(storageKeys.language, next);
  applyToDocument(next);
  for (const listener of listeners) listener(next);
}

export function onLanguageChange(listener: (next: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, getLanguage);
}
