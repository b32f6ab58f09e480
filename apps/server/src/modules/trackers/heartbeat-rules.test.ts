import { describe, expect, it } from 'vitest';
import { creditedSeconds, MAX_CREDIT_SECONDS } from './heartbeat-rules.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 22, 10, 0, s));

describe('heartbeat credit: never more than the real time since the previous beat', () => {
  it('credits the claimed time when the beat comes on time', () => {
    expect(creditedSeconds(30, at(0), at(30))).toBe(30);
  });
  it('refuses an inflated claim: a client saying 3600 s after 30 s gets 30', () => {
    expect(creditedSeconds(3600, at(0), at(30))).toBe(30);
  });
  it('gives nothing to two beats at the same moment (two tabs, replays)', () => {
    expect(creditedSeconds(30, at(0), at(0))).toBe(0);
  });
  it('caps a late beat at two intervals', () => {
    expect(creditedSeconds(30, at(0), at(50))).toBe(30);
    expect(creditedSeconds(600, at(0), at(59))).toBe(59);
    expect(creditedSeconds(600, new Date(at(0).getTime() - 3_600_000), at(0))).toBe(MAX_CREDIT_SECONDS);
  });
  it('starts the clock on the first beat, and ignores clocks going backwards', () => {
    expect(creditedSeconds(30, null, at(0))).toBe(0);
    expect(creditedSeconds(30, at(30), at(0))).toBe(0);
  });
});
