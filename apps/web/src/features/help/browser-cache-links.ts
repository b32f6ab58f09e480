/**
 * The browsers' own pages on clearing the cache (SPEC §2 /help "browser cache links"): vendor
 * support addresses, named by the browser (a proper noun in every language).
 */
export const BROWSER_CACHE_LINKS = [
  { browser: 'Google Chrome', url: 'https://support.google.com/chrome/answer/2392709' },
  { browser: 'Mozilla Firefox', url: 'https://support.mozilla.org/kb/how-clear-firefox-cache' },
  {
    browser: 'Safari',
    url: 'https://support.apple.com/guide/safari/clear-your-browsing-history-sfri47acf5d6/mac',
  },
  {
    browser: 'Microsoft Edge',
    url: 'https://support.microsoft.com/microsoft-edge/view-and-delete-browser-history-in-microsoft-edge-00cf7943-a9e1-975a-a33d-ac10ce454ca4',
  },
] as const;
