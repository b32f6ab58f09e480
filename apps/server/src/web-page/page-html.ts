/**
 * The single page's HTML for one visit (pure): the built index.html with, for a signed-in visit,
 * modulepreload links to the page's own files and the first data every screen needs; for the login
 * page, the public configuration it draws from.
 */
export interface PageExtras {
  /** Absolute paths of JavaScript files (/assets/…) the page will import. */
  preloads: readonly string[];
  /** JSON-serialisable data read by the web app at start-up (apps/web/src/app/startup-data.ts). */
  startupData?: unknown;
  /** What the login page needs before anyone is signed in (the same start-up module reads it). */
  publicData?: PublicData;
  /** Markup drawn in #root until the app replaces it (the signed-in shell's outline). */
  placeholder?: string;
  /**
   * The first screen drawn on the server (first-screen.ts: the dashboard's first cards, the login
   * card): the element, put in #root before the outline, and its styles, put in the <head>.
   */
  firstScreen?: { html: string; styles: string };
  /** Attributes of <html>: its language and the learner's theme. */
  htmlAttributes?: Record<string, string>;
}

export interface PublicData {
  /** The answer of GET /api/config/public. */
  publicConfig: unknown;
}

/**
 * JSON inside <script type="application/json">: '<' escaped so that no value (a name such as
 * "</script><script>…") can end the element or open a comment; the browser never runs this
 * element, and JSON.parse reads \u003c back as '<'.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The script that starts the app after the first paint (apps/web/public/after-first-paint.js). */
export const AFTER_FIRST_PAINT = '/after-first-paint.js';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The template with the extras put in. Replacements are functions, so a '$' in a value (a name, a
 * path) is written as it is rather than read as a replacement pattern.
 */
export function pageHtml(template: string, extras: PageExtras): string {
  let html = template;
  // A page with drawn cards names its files to the start script instead (below): no download of
  // the app starts before the cards are painted.
  if (extras.preloads.length > 0 && !extras.firstScreen) {
    const links = extras.preloads
      .map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`)
      .join('');
    html = html.replace('</head>', () => `${links}</head>`);
  }
  for (const [name, value] of Object.entries(extras.htmlAttributes ?? {})) {
    const written = `${name}="${attribute(value)}"`;
    const existing = new RegExp(`(<html\\b[^>]*?\\s)${name}="[^"]*"`);
    html = existing.test(html)
      ? html.replace(existing, (_match, before: string) => `${before}${written}`)
      : html.replace(/<html\b/, () => `<html ${written}`);
  }
  if (extras.firstScreen) {
    // No paint before the drawn screen is whole: on a slow phone the browser paints a document
    // still being parsed, where the screen's first boxes stand alone (the login page's brand band
    // stretched to the full height, then pushed up: a layout shift). Rendering waits for the
    // page's data element, after #root (Chromium's render-blocking `expect` link; others ignore it).
    const after =
      extras.startupData !== undefined ? 'startup-data' : extras.publicData ? 'public-data' : null;
    const expect = after ? `<link rel="expect" href="#${after}" blocking="render">` : '';
    const styles = extras.firstScreen.styles;
    html = html.replace('</head>', () => `${expect}${styles}</head>`);
    // The app's files download and start once the drawn cards are painted (after-first-paint.js,
    // which reads the entry and the page's files from its data attributes). Files whose download
    // began before the paint would be counted ahead of it: the paint would wait for their
    // compilation on some loads, and a slow phone would see nothing until they ran.
    // The entry's own imports the build named in the template's head go the same way.
    const entryFiles: string[] = [];
    html = html.replace(
      /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g,
      (_match, href: string) => {
        entryFiles.push(href);
        return '';
      },
    );
    const files = attribute([...new Set([...entryFiles, ...extras.preloads])].join(' '));
    html = html.replace(
      /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/,
      (_match, entry: string) =>
        `<script type="module" src="${AFTER_FIRST_PAINT}" data-entry="${attribute(entry)}" data-files="${files}"></script>`,
    );
  }
  if (extras.placeholder || extras.firstScreen) {
    // The drawn cards first: a first paint made while the parser is still in the page (a busy
    // phone) shows them rather than the outline alone; the outline's bar and menu are fixed, above
    // them wherever they stand.
    const inRoot = (extras.firstScreen?.html ?? '') + (extras.placeholder ?? '');
    html = html.replace('<div id="root"></div>', () => `<div id="root">${inRoot}</div>`);
  }
  if (extras.startupData !== undefined) {
    // Before </body>: the app's module scripts run once the whole document is parsed.
    const data = `<script type="application/json" id="startup-data">${scriptSafeJson(extras.startupData)}</script>`;
    html = html.replace('</body>', () => `${data}</body>`);
  }
  if (extras.publicData !== undefined) {
    const data = `<script type="application/json" id="public-data">${scriptSafeJson(extras.publicData)}</script>`;
    html = html.replace('</body>', () => `${data}</body>`);
  }
  return html;
}
