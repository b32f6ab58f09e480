/**
 * Answers the server wrote into a signed-in page (apps/server/src/web-page), keyed by API path
 * under /api: the first GET of such a path is answered from here, without a round trip; every later
 * read goes to the network. They describe the moment the page was made, so they are dropped after
 * STARTUP_RESPONSES_MS: a card first drawn later (the learner came back to the tab) reads fresh data.
 */
export const STARTUP_RESPONSES_MS = 30_000;

let responses = new Map<string, unknown>();
let expiresAt = 0;

export function keepStartupResponses(answers: Record<string, unknown>, now = Date.now()): void {
  responses = new Map(Object.entries(answers));
  expiresAt = now + STARTUP_RESPONSES_MS;
}

/** The page's answer for this path, once; undefined when there is none (or no longer). */
export function takeStartupResponse(path: string, now = Date.now()): unknown {
  if (responses.size === 0) return undefined;
  if (now > expiresAt) {
    responses.clear();
    return undefined;
  }
  const answer = responses.get(path);
  responses.delete(path);
  return answer;
}
