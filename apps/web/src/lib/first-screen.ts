/**
 * The dashboard's first cards, or the login page's card, as the server drew them into the page
 * (apps/server/src/web-page and src/ssr/): real content before any script on a phone's slow link
 * (issue 10, decision 0017). React does not hydrate them: its first commit replaces #root with the
 * same screen drawn by the app. So that this replacement shows nothing new, they are kept only when
 * the app's first draw will be the same — the same screen, learner and group they will see, the
 * language and the theme the app starts in — and otherwise removed at once (the outline stays).
 */
export const FIRST_SCREEN_ID = 'first-screen';

/**
 * What the server wrote on the element (data-* attributes), and what the app will draw: the screen
 * (the dashboard's first cards, or the login page's card), its language and theme and, for the
 * dashboard, the learner and the group.
 */
export interface FirstScreenKey {
  screen: 'dashboard' | 'login';
  language: string;
  theme: string;
  user?: string;
  group?: string;
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
    Object.entries(expected).every(([name, value]) => value === undefined || written[name] === value);
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
