import { AUDIO_MAX_PLAYS } from '@medenglish/shared';

/**
 * When a listen of an audio question is counted (SPEC §9: at most twice; issue 33). The server
 * counts (PUT /test/{id}/audio, refused past two); this decides when to ask it:
 *
 * - a play that reaches its end is one listen;
 * - a play stopped before its end (Submit pressed, the question left, the phone pausing it) is
 *   not counted: it is kept as unfinished, at the second it stopped, for this clip's next
 *   questions too. Resuming it is the same play, counted when it reaches its end;
 * - starting the clip again from the beginning while a play is unfinished counts that play.
 *
 * So answering never costs a listen, and no one hears the clip more than twice through without
 * both listens being counted: an unfinished play is either finished (and counted) or given up
 * for a new one (and counted).
 */
export interface Listens {
  /** Listens the server has counted. */
  counted: number;
  /** Counts asked of the server and not yet answered: they are spent already. */
  counting: number;
  /** A play is under way. */
  playing: boolean;
  /** Where an unfinished play stopped, in seconds; null when there is none. */
  stoppedAt: number | null;
}

/** A play stopped within its first second is no listen: starting again costs nothing. */
export const HEARD_AFTER_SECONDS = 1;

export const initialListens = (counted: number, stoppedAt: number | null = null): Listens => ({
  counted,
  counting: 0,
  playing: false,
  stoppedAt,
});

const spent = (s: Listens) => s.counted + s.counting;

/** The listens left to show: only the counted ones (and those being counted) are gone. */
export const listensLeft = (s: Listens) => Math.max(0, AUDIO_MAX_PLAYS - spent(s));

/** What the learner may do now. */
export interface ListenOffer {
  /** Go on with the unfinished play from where it stopped. */
  resume: boolean;
  /** Play from the beginning. */
  start: boolean;
  /** Playing from the beginning counts the unfinished play first. */
  startCounts: boolean;
}

export function listenOffer(s: Listens): ListenOffer {
  // Nothing while a play is under way (no second sound over the first), nor while a count is on
  // its way (the server may be about to say both listens are spent).
  if (s.playing || s.counting > 0) return { resume: false, start: false, startCounts: false };
  if (s.stoppedAt !== null) {
    return {
      resume: spent(s) < AUDIO_MAX_PLAYS,
      // The unfinished play is counted, and the new one will be at its end: room for two.
      start: spent(s) + 1 < AUDIO_MAX_PLAYS,
      startCounts: true,
    };
  }
  return { resume: false, start: spent(s) < AUDIO_MAX_PLAYS, startCounts: false };
}

/** What a press does: the new state, how many listens to count now, and where to play from. */
export interface ListenStep {
  next: Listens;
  count: number;
  from: number;
}

/** The learner presses Play (from the beginning) or Resume; null when that is not offered. */
export function press(s: Listens, action: 'start' | 'resume'): ListenStep | null {
  const offer = listenOffer(s);
  if (action === 'resume') {
    if (!offer.resume || s.stoppedAt === null) return null;
    return { next: { ...s, playing: true, stoppedAt: null }, count: 0, from: s.stoppedAt };
  }
  if (!offer.start) return null;
  const count = offer.startCounts ? 1 : 0;
  return { next: { ...s, playing: true, stoppedAt: null, counting: s.counting + count }, count, from: 0 };
}

/** The play stopped before its end, at `at` seconds: kept as unfinished, nothing counted. */
export function stop(s: Listens, at: number): Listens {
  if (!s.playing) return s;
  return { ...s, playing: false, stoppedAt: at >= HEARD_AFTER_SECONDS ? at : null };
}

/** The play reached its end: one listen to count. */
export function end(s: Listens): ListenStep {
  return {
    next: { ...s, playing: false, stoppedAt: null, counting: s.counting + 1 },
    count: 1,
    from: 0,
  };
}

/**
 * The server answered a count: `plays` is its total; 'refused' once both listens were spent
 * (elsewhere, say); 'failed' when the count did not reach it: the listen is spent all the same
 * on this screen, so that the display stays honest about what the learner heard.
 */
export function counted(s: Listens, answer: number | 'refused' | 'failed'): Listens {
  const counting = Math.max(0, s.counting - 1);
  if (answer === 'refused')
    return { ...s, counting, counted: AUDIO_MAX_PLAYS, playing: false, stoppedAt: null };
  const total = answer === 'failed' ? s.counted + 1 : answer;
  return { ...s, counting, counted: Math.max(s.counted, total) };
}

/** The sound could not start: as before the press. */
export const failedToStart = (before: Listens): Listens => ({ ...before, playing: false });
