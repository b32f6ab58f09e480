import { fr } from './fr.js';
import type { Messages } from './types.js';

export * from './catalogue.js';
export type { Messages } from './types.js';

/** The interface languages: French by default, English by choice (issue 10). */
export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

/**
 * The catalogues loaded. French is always there; English is registered by whoever needs it
 * (`@medenglish/shared/english`): the server and the tests at start, the browser only when the
 * learner uses English — so the first page a phone downloads carries one language, not two.
 */
const catalogues: Partial<Record<Language, Messages>> = { fr };

export function registerCatalogue(language: Language, catalogue: Messages): void {
  catalogues[language] = catalogue;
}

export function isCatalogueLoaded(language: Language): boolean {
  return catalogues[language] !== undefined;
}

/** The catalogue of a language, French while another is not loaded. */
const catalogueOf = (language: Language): Messages => catalogues[language] ?? catalogues.fr!;

/** BCP 47 locale of each language, for numbers and for the document's `lang`. */
export const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The texts of one language, for code that knows which it needs (an e-mail to a given user). */
export function messagesFor(language: Language): Messages {
  return catalogueOf(language);
}

/**
 * Which language `messages` reads at this moment. The web app sets it from the learner's choice;
 * the server from the request being answered (AsyncLocalStorage), so shared code stays free of
 * both and every `messages.x.y` already written keeps working.
 */
let resolveLanguage: () => Language = () => DEFAULT_LANGUAGE;

/** Sets how `messages` finds the current language; returns the resolver it replaces. */
export function setLanguageResolver(resolver: () => Language): () => Language {
  const previous = resolveLanguage;
  resolveLanguage = resolver;
  return previous;
}

export function currentLanguage(): Language {
  return resolveLanguage();
}

function at(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) node = (node as Record<PropertyKey, unknown>)[key];
  return node;
}

function isSection(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const views = new Map<string, object>();

/**
 * A live view of one section: every read goes to the current language, so a module that keeps
 * `const t = messages.dashboard` still shows English once the learner switches. Leaves (texts,
 * functions, lists) are returned as they are.
 */
function view(path: readonly string[]): object {
  const id = path.join('\u0000');
  const existing = views.get(id);
  if (existing) return existing;
  const section = () => at(catalogueOf(resolveLanguage()), path) as object;
  const proxy = new Proxy(
    {},
    {
      get: (_target, key) =>
        typeof key === 'symbol' ? (section() as Record<symbol, unknown>)[key] : read(path, key),
      has: (_target, key) => key in section(),
      ownKeys: () => Reflect.ownKeys(section()),
      getOwnPropertyDescriptor(_target, key) {
        if (!Object.prototype.hasOwnProperty.call(section(), key)) return undefined;
        const value = typeof key === 'string' ? read(path, key) : undefined;
        return { value, enumerable: true, configurable: true, writable: false };
      },
    },
  );
  views.set(id, proxy);
  return proxy;
}

function read(path: readonly string[], key: string): unknown {
  const value = (at(catalogueOf(resolveLanguage()), path) as Record<string, unknown>)[key];
  return isSection(value) ? view([...path, key]) : value;
}

/** Every user-visible text, in the current language (see setLanguageResolver). */
export const messages = view([]) as Messages;
