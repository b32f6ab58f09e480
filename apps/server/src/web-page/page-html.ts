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

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The template with the extras put in. Replacements are functions, so a '$' in a value (a name, a
 * path) is written as it is rather than read as a replacement pattern.
 */
export function pageHtml(template: string, extras: PageExtras): string {
  let html = template;
  if (extras.preloads.length > 0) {
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
  if (extras.placeholder) {
    const placeholder = extras.placeholder;
    html = html.replace('<div id="root"></div>', () => `<div id="root">${placeholder}</div>`);
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
