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

/**
 * True while the learner works inside an embedded frame (an e-learning unit): the frame's input
 * events never reach this window, so the focus being in it is the only sign of activity there.
 * The page must hold the system focus too: a learner who switched to another application, or
 * another tab, is not working in the frame even though it is still the page's active element.
 */
export function isFocusInFrame(doc: Document = document): boolean {
  return doc.hasFocus() && doc.activeElement?.tagName === 'IFRAME';
}
