import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, setLanguageResolver, type Language } from '@medenglish/shared';

/**
 * The language of the answer being built: the web app names its interface language in
 * `Accept-Language`; other clients get French, the contract's language. Kept per request in
 * AsyncLocalStorage so every `messages.x.y` of a service speaks the caller's language without
 * being handed it.
 */
const current = new AsyncLocalStorage<Language>();
setLanguageResolver(() => current.getStore() ?? DEFAULT_LANGUAGE);

/** The first supported language of an Accept-Language header, by quality then order. */
export function languageOf(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0], quality: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** Runs `work` in `language`, outside any request (a job, a CLI). */
export function inLanguage<T>(language: Language, work: () => T): T {
  return current.run(language, work);
}

export function registerRequestLanguage(app: FastifyInstance): void {
  // `done` is called inside run(), so the later hooks, the handler and the error handler all
  // read this request's language.
  app.addHook('onRequest', (request, _reply, done) => {
    current.run(languageOf(request.headers['accept-language']), done);
  });
}
