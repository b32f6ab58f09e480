import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { timeoutManager } from '@tanstack/react-query';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadRouteChunks } from './app/router';
import { firstScreenKey, prefetchSessionData, seedPublicData } from './app/startup-data';
import { languageReady } from './lib/language';
import { settleFirstScreen } from './lib/first-screen';
import { createCoalescedTimers } from './lib/coalesced-timers';

// Before any query exists: the queries' long timers share one browser timer (lib/coalesced-timers.ts).
timeoutManager.setTimeoutProvider(createCoalescedTimers());
// A signed-in visit fetches its page's chunks and first data at once, in parallel.
const queryClient = createQueryClient();
seedPublicData(queryClient);
prefetchSessionData(queryClient);
const pathname = window.location.pathname;
const pageReady = preloadRouteChunks(pathname, queryClient);
// The dashboard's first cards drawn by the server stay until the app draws the same ones: its
// first commit, which replaces them, then waits for the shell's and the page's files (already
// requested: by the page's modulepreload links, or by after-first-paint.js on a page with drawn cards) and for the cards' reads answered from the page
// (a few microtasks: one timer turn), so that it is the page itself and not a loading indicator.
const keepsFirstScreen = settleFirstScreen(firstScreenKey(queryClient, pathname));
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
