import { useSyncExternalStore } from 'react';
import {
  currentLanguage,
  DEFAULT_LANGUAGE,
  isCatalogueLoaded,
  isLanguage,
  LOCALES,
  setLanguageResolver,
  type Language,
} from '@medenglish/shared';
import { rememberPreferenceCookie } from './cookies';
import { readStorage, storageKeys, writeStorage } from './storage';

/**
 * The server reads it to draw the login card of the next visit in the same language, before any
 * script runs (apps/server/src/web-page). Only 'fr' or 'en': nothing personal.
 */
export const LANGUAGE_COOKIE = 'language';

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

/**
 * The English texts are a chunk of their own, fetched the first time English is used: the first
 * route carries French only (the budget of the first route's JavaScript, DESIGN).
 */
function loadCatalogue(next: Language): Promise<unknown> {
  if (isCatalogueLoaded(next)) return Promise.resolve();
  return import('@medenglish/shared/english');
}

/** Resolves once the texts of the language read at start are there (main.tsx waits for it). */
export const languageReady: Promise<unknown> = loadCatalogue(language).catch(() => undefined);

function applyToDocument(next: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LOCALES[next].slice(0, 2);
  rememberPreferenceCookie(LANGUAGE_COOKIE, next);
}

const listeners = new Set<(next: Language) => void>();

export function getLanguage(): Language {
  return language;
}

let wanted: Language = language;

/**
 * Sets the language for this tab, remembers it on this device and tells the provider — once its
 * texts are loaded (a change asked meanwhile wins: the last choice is the one applied).
 */
export function setLanguage(next: Language): void {
  wanted = next;
  if (next === language) return;
  writeStorage(storageKeys.language, next);
  void loadCatalogue(next).then(
    () => {
      if (wanted !== next || next === language) return;
      language = next;
      applyToDocument(next);
      for (const listener of listeners) listener(next);
    },
    () => undefined,
  );
}

export function onLanguageChange(listener: (next: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  // The server's render (src/ssr) sets the language through the shared resolver.
  return useSyncExternalStore(onLanguageChange, getLanguage, currentLanguage);
}
