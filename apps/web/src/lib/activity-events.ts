/**
 * SPEC §4 Idle: what counts as the learner's activity (pointer, key, scroll, touch). Listened to on
 * window in the capture phase, passively, by the idle logout and the study-time heartbeat.
 */
export const activityEvents = [
  'pointerdown',
  'pointermove',
  'keydown',
  'scroll',
  'wheel',
  'touchstart',
] as const;

export const activityListenerOptions: AddEventListenerOptions = { capture: true, passive: true };
