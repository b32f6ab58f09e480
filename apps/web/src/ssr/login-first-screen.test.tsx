// @vitest-environment node
// The server's render runs in Node: no window, document, storage or media queries.
import { describe, expect, it } from 'vitest';
import { messagesFor, type PublicConfig } from '@medenglish/shared';
import { renderLoginFirstScreen } from './login-first-screen';
import { htmlText } from '../test/html-text';

function config(change: Partial<PublicConfig> = {}): PublicConfig {
  return {
    version: '2.15.4',
    today: '2026-03-10',
    maintenance: { from: '', to: '', active: false, message: '' },
    holiday: { from: '', to: '', active: false, message: '' },
    ssoBlockedDomain: null,
    helpUrl: 'https://help.example.org',
    serviceDeskSearchUrl: 'https://help.example.org/search?q={query}',
    ssoProviders: [],
    ...change,
  };
}

describe('the login card drawn on the server', () => {
  it('draws the brand band, the card and its fields in French, as the app does first', () => {
    const screen = renderLoginFirstScreen(
      { publicConfig: config() },
      { theme: 'light', language: undefined },
    );
    const fr = messagesFor('fr');
    expect(screen).not.toBeNull();
    const { html, styles } = screen!;
    expect(html).toMatch(
      /^<div id="first-screen" data-screen="login" data-language="fr" data-theme="light">/,
    );
    expect(htmlText(html)).toContain(fr.login.welcome);
    expect(htmlText(html)).toContain(fr.login.title);
    expect(htmlText(html)).toContain(fr.login.submit);
    expect(htmlText(html)).toContain(fr.login.createAccount);
    // A form that never sends the password in the address, with labelled fields.
    expect(html).toMatch(/<form[^>]* action="\/" method="post"/);
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(
      /<input[^>]*name="password"[^>]*type="password"|<input[^>]*type="password"[^>]*name="password"/,
    );
    for (const id of html.matchAll(/<input[^>]* id="([^"]+)"/g)) expect(html).toContain(`for="${id[1]}"`);
    // The styles of that markup, and the drawn form's own (label moved out, focused field outlined).
    expect(styles).toMatch(/^<style data-emotion="css-global [^"]+">/);
    expect(styles).toMatch(/<style data-emotion="css [^"]+">/);
    expect(styles).toContain(':focus-within');
    expect(styles).toContain('prefers-color-scheme: dark');
  });

  it('draws in English and dark when the visitor chose them', () => {
    const screen = renderLoginFirstScreen({ publicConfig: config() }, { theme: 'dark', language: 'en' });
    const en = messagesFor('en');
    expect(screen!.html).toContain('data-language="en" data-theme="dark"');
    expect(htmlText(screen!.html)).toContain(en.login.title);
    expect(htmlText(screen!.html)).toContain(en.login.submit);
    // The dark theme's primary colour outlines the focused field.
    expect(screen!.styles).toContain('#8fd0f5');
    // A language the app does not know: French.
    const other = renderLoginFirstScreen({ publicConfig: config() }, { theme: 'light', language: 'de' });
    expect(other!.html).toContain('data-language="fr"');
  });

  it('draws the public banners and the school sign-on buttons the configuration names', () => {
    const screen = renderLoginFirstScreen(
      {
        publicConfig: config({
          maintenance: { from: '2026-03-10', to: '2026-03-11', active: true, message: '' },
          ssoProviders: [{ id: 'univ', label: 'Université Démo' }],
        }),
      },
      { theme: 'light', language: 'fr' },
    );
    const fr = messagesFor('fr');
    expect(screen!.html).toContain('id="maintenance-banner"');
    expect(screen!.html).toContain('href="/api/sso/univ/start"');
    expect(htmlText(screen!.html)).toContain(fr.login.ssoButton);
  });

  it('draws nothing without the public configuration (the app draws the card)', () => {
    expect(renderLoginFirstScreen({}, { theme: 'light', language: 'fr' })).toBeNull();
  });
});
