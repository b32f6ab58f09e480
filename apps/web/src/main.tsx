import { StrictMode, startTransition } from 'react';
import { timeoutManager } from '@tanstack/react-query';
import { createQueryClient } from './app/query-client';
import { preloadRouteChunks } from './app/route-modules';
import { firstScreenKey, prefetchSessionData, seedPublicData } from './app/startup-data';
import { nextTask } from './boot/next-task';
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

/**
 * The app's code is evaluated in stages, each in a task of its own (decision 0036): this entry
 * (the session, the first data), React DOM, then the app (MUI and the screens), then the shell's
 * and the page's chunks. As one script they made one task of 25 ms on a fast computer, 200 ms on
 * a phone, the longest block to a tap of a cold dashboard (Lighthouse TBT). Every file is already
 * on its way (the page's modulepreload links, or after-first-paint.js): a stage only waits for the
 * one before it to be evaluated, never for the network in its place.
 */
async function start(): Promise<void> {
  const { createRoot } = await import('./boot/react-dom');
  await nextTask();
  const { App } = await import('./app/app');
  await nextTask();
  // A module a chunk shares with the app is evaluated with the app, not with the first chunk to arrive.
  const pageReady = preloadRouteChunks(pathname, queryClient);
  if (keepsFirstScreen) {
    await pageReady;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  // A learner who chose English waits for its texts (already loaded, or one small chunk) so nothing
  // shows in French.
  await languageReady;
  // Rendered as a transition: React yields to the browser every few milliseconds while it builds
  // the first screen, instead of one long task that blocks input on a slow phone.
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
void start();
