import type { Json } from './json.js';

/** The languages of an Accept-Language header, best first ("fr-FR,fr;q=0.9,en;q=0.8"). */
export function preferredLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())).find(Boolean);
      return { tag: tag!.trim().toLowerCase(), q: q ? Number(q[1]) : 1 };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);
}

/** One entry of a language map: the best for the languages asked, else the first kept. */
function pick(map: Json, languages: string[]): Json {
  const tags = Object.keys(map);
  for (const wanted of languages) {
    const exact = tags.find((t) => t.toLowerCase() === wanted);
    if (exact) return { [exact]: map[exact] };
    const sameLanguage = tags.find((t) => t.toLowerCase().split('-')[0] === wanted.split('-')[0]);
    if (sameLanguage) return { [sameLanguage]: map[sameLanguage] };
  }
  const first = tags[0];
  return first === undefined ? map : { [first]: map[first] };
}

const LANGUAGE_MAPS = new Set(['display', 'name', 'description']);

/**
 * format=canonical (xAPI 7.2.3): every language map of the statement (verb display, activity
 * name and description, interaction components, attachments) cut to the one entry that suits
 * the request's Accept-Language. Names of agents are strings, not maps, and stay.
 */
export function canonicalFormat(statement: Json, acceptLanguage: string | undefined): Json {
  const languages = preferredLanguages(acceptLanguage);
  const walk = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (typeof value !== 'object' || value === null) return value;
    if (key && LANGUAGE_MAPS.has(key)) return pick(value as Json, languages);
    // Extensions are the activity provider's own data: kept as they are.
    return Object.fromEntries(
      Object.entries(value as Json).map(([k, v]) => [k, k === 'extensions' ? v : walk(v, k)]),
    );
  };
  return walk(statement) as Json;
}
