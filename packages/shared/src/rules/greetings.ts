import { messages } from '../messages/index.js';

/**
 * SPEC §2/§9 dashboard greeting: a random one from a set, except the New Year greeting before
 * 15 January and the Christmas greeting from 24 December, decided by the server's date.
 */
export const GREETINGS = messages.dashboard.greetings;

export type GreetingKind = 'newYear' | 'christmas' | 'everyday';

/** Which greeting applies on a day (YYYY-MM-DD, the server's "today"). */
export function greetingKind(today: string): GreetingKind {
  const month = Number(today.slice(5, 7));
  const day = Number(today.slice(8, 10));
  if (month === 1 && day < 15) return 'newYear';
  if (month === 12 && day >= 24) return 'christmas';
  return 'everyday';
}

/** The greeting; `random` (0 ≤ r < 1) picks among the everyday ones. */
export function greeting(today: string, firstname: string, random: number): string {
  const kind = greetingKind(today);
  if (kind !== 'everyday') return GREETINGS[kind](firstname);
  const index = Math.min(
    GREETINGS.everyday.length - 1,
    Math.floor(Math.max(0, random) * GREETINGS.everyday.length),
  );
  return GREETINGS.everyday[index]!(firstname);
}
