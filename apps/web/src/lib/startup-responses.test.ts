import { describe, expect, it } from 'vitest';
import { keepStartupResponses, STARTUP_RESPONSES_MS, takeStartupResponse } from './startup-responses';

describe("the page's first answers", () => {
  it('answers a path once, then leaves it to the network', () => {
    keepStartupResponses({ '/funfact': [{ id: 1 }], '/survey/single/x': null }, 1_000);
    expect(takeStartupResponse('/funfact', 1_001)).toEqual([{ id: 1 }]);
    expect(takeStartupResponse('/funfact', 1_002)).toBeUndefined();
    // A null answer is an answer (no survey to offer), not a miss.
    expect(takeStartupResponse('/survey/single/x', 1_003)).toBeNull();
    expect(takeStartupResponse('/other', 1_004)).toBeUndefined();
  });

  it('drops them all once they are too old to describe the present', () => {
    keepStartupResponses({ '/funfact': [] }, 1_000);
    expect(takeStartupResponse('/funfact', 1_000 + STARTUP_RESPONSES_MS + 1)).toBeUndefined();
    keepStartupResponses({ '/funfact': [] }, 5_000);
    expect(takeStartupResponse('/funfact', 5_000 + STARTUP_RESPONSES_MS)).toEqual([]);
  });
});
