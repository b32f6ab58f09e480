import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadRouteChunks } from './app/router';
import { prefetchSessionData, seedPublicData } from './app/startup-data';
import { languageReady } from './lib/language';

// A signed-in visit fetches its page's chunks and first data at once, in parallel.
const queryClient = createQueryClient();
seedPublicData(queryClient);
prefetchSessionData(queryClient);
preloadRouteChunks(window.location.pathname, queryClient);

// Rendered as a transition: React yields to the browser every few milliseconds while it builds
// the first screen, instead of one long task that blocks input on a slow phone. A learner who
// chose English waits for its texts (already loaded, or one small chunk) so nothing shows in French.
void languageReady.then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  }),
);
