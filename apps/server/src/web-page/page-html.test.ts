import { describe, expect, it } from 'vitest';
import { pageHtml, scriptSafeJson } from './page-html.js';

const TEMPLATE =
  '<!doctype html>\n<html lang="fr">\n  <head><title>x</title></head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';

describe('pageHtml', () => {
  it('replaces the language the template has, adds the theme, the outline, the preloads and the data', () => {
    const html = pageHtml(TEMPLATE, {
      preloads: ['/assets/a$1.js', '/assets/b".js'],
      startupData: { name: '$& </script>' },
      placeholder: '<p>$1</p>',
      htmlAttributes: { lang: 'en', 'data-theme': 'dark' },
    });
    expect(html).toContain('<html data-theme="dark" lang="en">');
    expect(html).not.toContain('lang="fr"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/a$1.js">');
    expect(html).toContain('href="/assets/b&quot;.js"');
    expect(html).toContain('<div id="root"><p>$1</p></div>');
    expect(html).toContain(
      '<script type="application/json" id="startup-data">{"name":"$& \\u003c/script>"}</script></body>',
    );
  });

  it("writes the login page's public data in its own element, as safely", () => {
    const html = pageHtml(TEMPLATE, { preloads: [], publicData: { publicConfig: { note: '</script>' } } });
    expect(html).toContain(
      '<script type="application/json" id="public-data">{"publicConfig":{"note":"\\u003c/script>"}}</script></body>',
    );
    expect(html).not.toContain('startup-data');
  });

  it('names the entry and every file of a page with a drawn first screen to the start script, none in the head', () => {
    const template = TEMPLATE.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/messages-1.js">\n  </head>',
    );
    const html = pageHtml(template, {
      preloads: ['/assets/shell-1.js', '/assets/vendor-1.js'],
      firstScreen: { html: '<div id="first-screen"></div>', styles: '<style>x</style>' },
    });
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script type="module" src="/after-first-paint.js" data-entry="/assets/index-1.js" ' +
        'data-files="/assets/vendor-1.js /assets/messages-1.js /assets/shell-1.js"></script>',
    );
    expect(html).toContain('<style>x</style></head>');
    // No paint before the whole screen is parsed: it waits for the data element after #root.
    const withData = pageHtml(template, {
      preloads: [],
      publicData: { publicConfig: {} },
      firstScreen: { html: '<div id="first-screen"></div>', styles: '' },
    });
    expect(withData).toContain('<link rel="expect" href="#public-data" blocking="render"></head>');
    expect(withData.indexOf('id="public-data"')).toBeGreaterThan(withData.indexOf('id="first-screen"'));
    expect(html).toContain('<div id="root"><div id="first-screen"></div></div>');
  });

  it('leaves the template as it is without extras', () => {
    expect(pageHtml(TEMPLATE, { preloads: [], startupData: undefined })).toBe(TEMPLATE);
  });

  it('writes JSON that no value can end early, and that reads back the same', () => {
    const value = { a: '</script><!-- \u2028 \u2029 <' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
