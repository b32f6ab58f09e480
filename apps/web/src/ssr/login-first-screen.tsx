// The server's render of the login page (issue 10, decision 0017): the same card the app draws
// first on '/', so that the largest paint of most first visits is the server's, not the app's.
import '@medenglish/shared/english';
import '@medenglish/shared/french-pages';
import { renderToString } from 'react-dom/server';
import { CacheProvider } from '@emotion/react';
import { MemoryRouter } from 'react-router';
import { isLanguage, setLanguageResolver, type Language, type PublicConfig } from '@medenglish/shared';
import { publicConfigQuery } from '../api/public-config';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createAppTheme, type ColorMode } from '../app/theme';
import LandingPage from '../features/auth/landing-page';
import { FIRST_SCREEN_ID } from '../lib/first-screen';
import { cacheFor, criticalStyles } from './critical-styles';
import type { FirstScreen } from './dashboard-first-screen';

export interface LoginScreenOptions {
  /** The visitor's theme (their `theme` cookie); light when unknown (hidden then on a dark system). */
  theme: ColorMode;
  /** The visitor's language (their `language` cookie); French when unknown. */
  language: string | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Until the app runs, MUI's fields cannot move their label out of the way nor outline the focused
 * field (both are done by its script): the drawn form does it with CSS, so that what a visitor
 * types before the app has started is readable and the focused field visible.
 */
function drawnFieldsCss(theme: ColorMode): string {
  const primary = createAppTheme(theme).palette.primary.main;
  const field = `#${FIRST_SCREEN_ID} .MuiFormControl-root`;
  const filled = `${field}:focus-within,${field}:has(input:valid)`;
  return (
    `:is(${filled}) .MuiInputLabel-root{transform:translate(14px,-9px) scale(.75);max-width:calc(133% - 32px)}` +
    `:is(${filled}) legend{max-width:100%}` +
    `${field}:focus-within .MuiInputLabel-root{color:${primary}}` +
    `${field}:focus-within .MuiOutlinedInput-notchedOutline{border-color:${primary};border-width:2px}`
  );
}

/**
 * The login page as the app draws it first on a bare '/' for a visitor without a session — the
 * brand band, the language switch, the public banners and the card (title, fields, buttons, school
 * sign-on) from the public configuration the page carries — in the visitor's language and theme.
 * Null without that configuration (the app would draw the card without its banners first).
 */
export function renderLoginFirstScreen(
  data: { publicConfig?: unknown },
  options: LoginScreenOptions,
): FirstScreen | null {
  if (!isObject(data.publicConfig)) return null;
  const language: Language = isLanguage(options.language) ? options.language : 'fr';
  const queryClient = createQueryClient();
  queryClient.setQueryData(publicConfigQuery.queryKey, data.publicConfig as unknown as PublicConfig);
  const cache = cacheFor(options.theme);
  const previousLanguage = setLanguageResolver(() => language);
  let html: string;
  try {
    html = renderToString(
      <CacheProvider value={cache}>
        <AppProviders client={queryClient} colorMode={options.theme}>
          <MemoryRouter initialEntries={['/']}>
            <div id={FIRST_SCREEN_ID} data-screen="login" data-language={language} data-theme={options.theme}>
              <LandingPage />
            </div>
          </MemoryRouter>
        </AppProviders>
      </CacheProvider>,
    );
  } finally {
    setLanguageResolver(previousLanguage);
  }
  queryClient.clear();
  return { html, styles: criticalStyles(cache, html, drawnFieldsCss(options.theme)) };
}
