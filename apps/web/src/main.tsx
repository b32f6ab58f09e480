import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { timeoutManager } from '@tanstack/react-query';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadRouteChunks } from './app/router';
import { firstScreenKey, prefetchSessionData, seedPublicData } from './app/startup-data';
import { languageReady } from './lib/language';
import { watchDrawnLogin } from './lib/drawn-login';
import { settleFirstScreen } from './lib/first-screen';
import { createCoalescedTimers } from './lib/coalesced-timers';

// Before any query exists: the queries' long timers share one browser timer (lib/coalesced-timers.ts).
timeoutManager.setTimeoutProvider(createCoalescedTimers());
// A signed-in visit fetches its page's chunks and first data at once, in parallel.
const queryClient = createQueryClient();
seedPublicData(queryClient);
prefetchSessionData(queryClient);
const { pathname, search } = window.location;
const pageReady = preloadRouteChunks(pathname, queryClient);
// The first screen drawn by the server (the dashboard's cards, the login card) stays until the
// app draws the same one: its first commit, which replaces it, then waits for the shell's and the
// page's files (requested by after-first-paint.js; none for the login page, in the entry) and for
// the cards' reads answered from the page (a few microtasks: one timer turn), so that it is the
// page itself and not a loading indicator.
const firstScreen = firstScreenKey(queryClient, pathname, search);
const keepsFirstScreen = settleFirstScreen(firstScreen);
if (keepsFirstScreen && firstScreen?.screen === 'login') {
  // What the visitor types in the drawn login card meanwhile carries over to the app's form.
  watchDrawnLogin();
  // Drawn on another page (no session: RequireAuth sends to '/', remembering the page asked for):
  // the address becomes '/' before the first render, as React Router's Navigate writes it, so that
  // the first commit is the card itself rather than an empty frame, then the card.
  if (pathname !== '/') {
    const from = pathname + search + window.location.hash;
    window.history.replaceState({ usr: { from }, key: 'default', idx: 0 }, '', '/');
  }
}
const firstDraw = keepsFirstScreen
  ? pageReady.then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  : undefined;

// Rendered as a transition: React yields to the browser every few milliseconds while it builds
// the first screen, instead of one long task that blocks input on a slow phone. A learner who
// chose English waits for its texts (already loaded, or one small chunk) so nothing shows in French.
void Promise.all([languageReady, firstDraw]).then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  }),
);
