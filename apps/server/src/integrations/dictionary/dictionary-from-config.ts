import type { Config } from '../../config.js';
import { createWordnetDictionary, type Dictionary, type WordnetDictionary } from './dictionary.js';
import { createExternalDictionary } from './external-dictionary.js';

/**
 * The bundled WordNet dictionary, or an external API (DICTIONARY_URL) with WordNet behind it when
 * the API fails (issue 15). `offline` is kept so the server can build its indexes at start.
 */
export function dictionaryFromConfig(config: Config): { dictionary: Dictionary; offline: WordnetDictionary } {
  const offline = createWordnetDictionary();
  if (!config.DICTIONARY_URL) return { dictionary: offline, offline };
  return {
    offline,
    dictionary: createExternalDictionary({
      url: config.DICTIONARY_URL,
      timeoutMs: config.DICTIONARY_TIMEOUT_MS,
      fallback: offline,
      onError: (m) => config.LOG_LEVEL !== 'silent' && console.warn(m),
    }),
  };
}
