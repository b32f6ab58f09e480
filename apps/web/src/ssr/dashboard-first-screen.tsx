// The server's render of the dashboard's first cards (issue 10, decision 0017): built by Vite in SSR
// mode into dist/server/ (`npm run build -w apps/web`), imported by apps/server/src/web-page when
// present. Both languages' texts are in this bundle (the browser's split of decision 0025 is not).
import '@medenglish/shared/english';
import '@medenglish/shared/french-pages';
import { renderToString } from 'react-dom/server';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { MemoryRouter } from 'react-router';
import {
  isLanguage,
  pickCurrentGroup,
  setLanguageResolver,
  type Company,
  type Group,
  type Language,
  type User,
} from '@medenglish/shared';
import { companyQuery } from '../api/company';
import { groupsQuery, keepGroups } from '../api/groups';
import { serverTimeQuery, type ServerTime } from '../api/time';
import { SignedInUserIdContext, userQuery } from '../api/user';
import { DRAWER_WIDTH, MAIN_PADDING } from '../app/layout/shell-frame';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { isPlacementRequired } from '../app/route-guards';
import type { ColorMode } from '../app/theme';
import DashboardPage from '../features/dashboard/dashboard-page';
import { prefetchDashboardOf } from '../features/dashboard/dashboard-prefetch';
import { FIRST_SCREEN_ID, keepGreetingRandom } from '../lib/first-screen';
import { keepStartupResponses } from '../lib/startup-responses';
import { cacheFor, criticalStyles } from './critical-styles';

/** What the server wrote into the page for this visit (its startup data, apps/server). */
export interface FirstScreenData {
  userId: string;
  user?: unknown;
  groups?: unknown;
  company?: unknown;
  time?: unknown;
  responses?: Record<string, unknown>;
}

export interface FirstScreenOptions {
  /** The learner's theme (their `theme` cookie); light when unknown (see FIRST_SCREEN_CSS). */
  theme: ColorMode;
  /** 0 ≤ r < 1: picks the everyday greeting, written on the element for the app's own first draw. */
  greetingRandom: number;
}

export interface FirstScreen {
  /** The element to put in #root (before the outline, whose bar and menu are fixed): <div id="first-screen" data-…>…</div>. */
  html: string;
  /** Its styles (emotion's, extracted for this markup) as <style> elements, for the <head>. */
  styles: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The dashboard's first stage — the same components the app draws first, with the answers the
 * page carries, in the learner's language and theme — inside the shell's frame, so that it sits
 * where the app will draw it. Null when the app would not draw the dashboard's cards first
 * (placement test pending, no group, a missing answer): the page keeps its outline alone.
 */
export async function renderDashboardFirstScreen(
  data: FirstScreenData,
  options: FirstScreenOptions,
): Promise<FirstScreen | null> {
  const { userId } = data;
  const user = data.user as User | undefined;
  if (!isObject(user) || !Array.isArray(data.groups) || !isObject(data.time) || !isObject(data.company))
    return null;
  if (isPlacementRequired(user)) return null;
  const language: Language = isLanguage(user.language) ? user.language : 'fr';

  const queryClient = createQueryClient();
  queryClient.setQueryData(userQuery(userId).queryKey, user);
  const groups = keepGroups(userId, data.groups as Group[]);
  queryClient.setQueryData(groupsQuery(userId).queryKey, groups);
  queryClient.setQueryData(companyQuery(user.company).queryKey, data.company as Company);
  queryClient.setQueryData(serverTimeQuery.queryKey, data.time as ServerTime);
  const group = pickCurrentGroup(groups, null, user.semester);
  if (!group) return null;
  // The cards' queries take their answers from the page's, as the app does. The answers are taken
  // while the reads start, synchronously, and dropped at once: no other page's render can see them.
  keepStartupResponses(data.responses ?? {});
  const reads = prefetchDashboardOf(queryClient, userId, null);
  keepStartupResponses({});
  await reads;

  const cache = cacheFor(options.theme);
  const previousLanguage = setLanguageResolver(() => language);
  let html: string;
  try {
    // Taken by the greeting as it renders (synchronously): the same words the app will draw.
    keepGreetingRandom(options.greetingRandom);
    html = renderToString(
      <CacheProvider value={cache}>
        <AppProviders client={queryClient} colorMode={options.theme}>
          <SignedInUserIdContext.Provider value={userId}>
            <MemoryRouter initialEntries={['/dashboard']}>
              <div
                id={FIRST_SCREEN_ID}
                data-screen="dashboard"
                data-user={userId}
                data-group={group._id}
                data-language={language}
                data-theme={options.theme}
                data-greeting={String(options.greetingRandom)}
              >
                <ShellFrame>
                  <DashboardPage />
                </ShellFrame>
              </div>
            </MemoryRouter>
          </SignedInUserIdContext.Provider>
        </AppProviders>
      </CacheProvider>,
    );
  } finally {
    setLanguageResolver(previousLanguage);
    keepGreetingRandom(Number.NaN);
  }
  queryClient.clear();
  return { html, styles: criticalStyles(cache, html) };
}

/**
 * The shell's frame around a page (app/layout/shell-layout.tsx): the permanent menu's width on
 * wide screens, the header's height, the padding of <main>. The outline draws the header and the
 * menu above it (fixed, as the shell's own).
 */
function ShellFrame({ children }: { children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Box sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0 }} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flex: 1, p: MAIN_PADDING }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
