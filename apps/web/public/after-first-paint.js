// Starts the app once the browser has painted the page (issue 10, decision 0017): a dashboard whose
// first cards the server drew is shown before any of the app's script is evaluated, even when the
// files are already there (cached, or a fast link) — evaluating them first would hold the paint
// back by the whole of it on a slow phone. The server puts this script in place of the entry's for
// such a page only, and the entry in a modulepreload link (data-app-entry), so the files still
// download at once. A hidden tab paints nothing: it starts at once.
const entry = document.querySelector('link[data-app-entry]')?.getAttribute('href');
const start = () => {
  if (entry) void import(entry);
};
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
