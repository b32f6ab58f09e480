/**
 * The dashboard's first cards as the server drew them into the page (apps/server/src/web-page and
 * src/ssr/dashboard-first-screen.tsx): real content before any script on a phone's slow link (issue
 * 10, decision 0017). React does not hydrate them: its first commit replaces #root with the same
 * cards drawn by the app. So that this replacement shows nothing new, they are kept only when the
 * app's first draw will be the same — this learner, the group they will see, the language and the
 * theme the app starts in — and otherwise removed at once (the outline stays, as before).
 */
export const FIRST_SCREEN_ID = 'first-screen';

/** What the server wrote on the element (data-* attributes), and what the app will draw. */
export interface FirstScreenKey {
  user: string;
  group: string;
  language: string;
  theme: string;
}

let greetingRandom: number | undefined;

/**
 * Whether the server's first cards stay until the app draws the same ones; removes them when not.
 * `expected` is null when the app will not draw the dashboard's cards first.
 */
export function settleFirstScreen(expected: FirstScreenKey | null, root: Document = document): boolean {
  const element = root.getElementById(FIRST_SCREEN_ID);
  if (!element) return false;
  const written = element.dataset;
  const same =
    expected !== null &&
    written.user === expected.user &&
    written.group === expected.group &&
    written.language === expected.language &&
    written.theme === expected.theme;
  if (!same) {
    element.remove();
    return false;
  }
  keepGreetingRandom(Number(written.greeting));
  return true;
}

/** The number the next dashboard's greeting is drawn with (the server's render sets it too). */
export function keepGreetingRandom(random: number): void {
  greetingRandom = Number.isFinite(random) && random >= 0 && random < 1 ? random : undefined;
}

/**
 * The number the server drew its greeting with (one of several everyday greetings), once: the
 * app's first dashboard shows the same words; any later one draws its own.
 */
export function takeGreetingRandom(): number | undefined {
  const random = greetingRandom;
  greetingRandom = undefined;
  return random;
}
