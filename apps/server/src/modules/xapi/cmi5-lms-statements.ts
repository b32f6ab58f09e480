import { randomBytes } from 'node:crypto';
import { CMI5_CATEGORY, CMI5_EXTENSIONS, CMI5_VERBS, type Cmi5Verb } from './cmi5-statement-rules.js';
import type { Json } from './json.js';

/** The statements the LMS writes itself (cmi5 9.3: launched, abandoned, waived, satisfied). */
export interface LmsStatementInput {
  verb: Extract<Cmi5Verb, 'launched' | 'abandoned' | 'waived' | 'satisfied'>;
  actor: Json;
  registration: string;
  sessionId: string;
  /** The AU (its LMS activity id) or, for satisfied, the block or course. */
  object: { id: string; type?: 'block' | 'course' };
  /** The publisher id of what the object stands for (9.6.2.3 grouping). */
  publisherId: string;
  result?: Json;
  extensions?: Json;
  timestamp: Date;
}

/** ISO 8601 duration between two instants, to the hundredth of a second (xAPI durations). */
export function durationBetween(from: Date, to: Date): string {
  const seconds = Math.max(0, Math.round((to.getTime() - from.getTime()) / 10) / 100);
  return `PT${seconds}S`;
}

let lastMs = 0;
let sequence = 0;
/**
 * A time-ordered statement id (the UUID version 7 layout: milliseconds, then a counter, then
 * random bits), each greater than the one before in this process. The LMS writes its statements
 * in the order they happen — "abandoned" before "launched", "waived" before the "satisfied" that
 * follow, a block satisfied before its course — often in one request with one stored time; the
 * statements query orders by stored then id (statements.service.ts), so these ids keep that
 * order, every time (issue 34), instead of the coin toss of random ids.
 */
export function orderedStatementId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    lastMs += 1;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A cmi5 defined statement of the LMS, with the context every cmi5 statement carries (9.6). */
export function lmsStatement(input: LmsStatementInput): Json {
  const moveOnRelated = input.result && ('success' in input.result || 'completion' in input.result);
  return {
    id: orderedStatementId(),
    actor: input.actor,
    verb: { id: CMI5_VERBS[input.verb], display: { 'en-US': input.verb } },
    object: {
      objectType: 'Activity',
      id: input.object.id,
      ...(input.object.type
        ? { definition: { type: `https://w3id.org/xapi/cmi5/activitytype/${input.object.type}` } }
        : {}),
    },
    ...(input.result ? { result: input.result } : {}),
    context: {
      registration: input.registration,
      contextActivities: {
        category: [
          { id: CMI5_CATEGORY },
          ...(moveOnRelated ? [{ id: 'https://w3id.org/xapi/cmi5/context/categories/moveon' }] : []),
        ],
        grouping: [{ id: input.publisherId }],
      },
      extensions: { [CMI5_EXTENSIONS.sessionId]: input.sessionId, ...input.extensions },
    },
    timestamp: input.timestamp.toISOString(),
  };
}
