import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dictionary } from './dictionary.js';
import { createExternalDictionary } from './external-dictionary.js';

/** A local server speaking the Free Dictionary API's format, with a hanging and a failing word. */
async function startProvider() {
  const server = http.createServer((req, res) => {
    const word = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
    if (word === 'slow') return; // never answers
    if (word === 'broken') return res.writeHead(500).end('oops');
    if (word === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"no":1}');
    if (word !== 'healthy') {
      return res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ title: 'No Definitions Found', message: '', resolution: '' }));
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify([
        {
          word: 'healthy',
          phonetics: [],
          meanings: [
            {
              partOfSpeech: 'adjective',
              definitions: [
                {
                  definition: 'Enjoying good health.',
                  example: 'a healthy baby',
                  synonyms: ['well', 'fit'],
                  antonyms: [],
                },
                ...Array.from({ length: 7 }, (_, i) => ({
                  definition: `Sense ${i}.`,
                  synonyms: [],
                  antonyms: [],
                })),
              ],
              synonyms: ['fit', 'hale', 'hearty', 'robust', 'sound', 'strong', 'vigorous', 'healthy'],
              antonyms: ['unhealthy', 'ill', 'sick'],
            },
          ],
        },
      ]),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/entries/en`, server };
}

describe('external dictionary (Free Dictionary API format)', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  const fallbackCalls: string[] = [];
  const fallback: Dictionary = {
    async lookup(word) {
      fallbackCalls.push(word);
      return {
        word,
        meanings: [
          { partOfSpeech: 'noun', definitions: [{ definition: 'offline' }], synonyms: [], antonyms: [] },
        ],
      };
    },
    suggest: () => ['offline suggestion'],
  };
  let dictionary: Dictionary;

  beforeAll(async () => {
    provider = await startProvider();
    dictionary = createExternalDictionary({ url: provider.url, timeoutMs: 300, fallback });
  });
  afterAll(() => provider.server.close());

  it('reads meanings by part of speech within the limits (5 definitions, 5 synonyms, 5 antonyms), never the word itself', async () => {
    const entry = (await dictionary.lookup('Healthy'))!;
    expect(entry.meanings).toHaveLength(1);
    const [adjective] = entry.meanings;
    expect(adjective!.partOfSpeech).toBe('adjective');
    expect(adjective!.definitions).toHaveLength(5);
    expect(adjective!.definitions[0]).toEqual({
      definition: 'Enjoying good health.',
      example: 'a healthy baby',
    });
    expect(adjective!.synonyms).toEqual(['well', 'fit', 'hale', 'hearty', 'robust']);
    expect(adjective!.antonyms).toEqual(['unhealthy', 'ill', 'sick']);
    expect(fallbackCalls).toEqual([]);
  });

  it('answers null for a word the provider does not know', async () => {
    expect(await dictionary.lookup('tachycardai')).toBeNull();
    expect(dictionary.suggest('tachycardai')).toEqual(['offline suggestion']);
  });

  it('falls back to the offline dictionary when the provider times out, fails or answers garbage', async () => {
    const started = Date.now();
    for (const word of ['slow', 'broken', 'garbage']) {
      expect((await dictionary.lookup(word))!.meanings[0]!.definitions[0]!.definition).toBe('offline');
    }
    expect(fallbackCalls).toEqual(['slow', 'broken', 'garbage']);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
