// Starts the app once the browser has painted the page (issue 10, decision 0017): a first screen
// the server drew (the dashboard's first cards, the login card) is shown before any of the app's
// script downloads or runs — files fetched, compiled or evaluated first would hold the paint back
// on a slow phone. The server puts this script in place of the entry's for such a page only,
// naming the entry (data-entry) and the page's other files (data-files), which are fetched
// together, in parallel, right after the paint. A hidden tab paints nothing: it starts at once.
// A module script has no document.currentScript.
const script = document.querySelector('script[data-entry]');
const entry = script?.getAttribute('data-entry');
const files = (script?.getAttribute('data-files') ?? '').split(' ').filter(Boolean);
// The drawn login card: Enter pressed before the app runs is held here and left for the app's form,
// which submits once it has taken over (lib/drawn-login.ts). Without this script the form posts
// to '/', which answers with the page again: never a GET with the password in the address.
const drawnLogin = document.querySelector('#first-screen form');
drawnLogin?.addEventListener('submit', (event) => {
  event.preventDefault();
  drawnLogin.setAttribute('data-submitted', 'true');
});
// A click on one of its buttons (the language, create an account, forgotten password, show the
// password) is noted the same way, by the button's rank, and replayed on the app's same button.
const drawnScreen = document.querySelector('#first-screen[data-screen="login"]');
drawnScreen?.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (button)
    drawnScreen.setAttribute(
      'data-clicked',
      String([...drawnScreen.querySelectorAll('button')].indexOf(button)),
    );
});
// The files are asked for one per task: each request begun costs the main thread a little (a
// phone's, and more under a trace): thirty in one task made it a long one, the first thing after
// the paint to block a tap (Lighthouse's TBT on /dashboard), and even three made tasks of 50 ms on
// a slow phone. A message to itself is the next task without a timer's 4 ms clamp.
const start = () => {
  // The first reads of the cookies and of local storage ask the browser's other processes and
  // wait for the answer (the app's entry reads both as it starts): done here, in a task of their
  // own, the entry's evaluation finds them at hand.
  try {
    void document.cookie;
    void localStorage.length;
  } catch {
    // Storage refused (a private mode): the app says so itself.
  }
  if (entry) setTimeout(() => void import(entry), 0);
  const channel = new MessageChannel();
  let next = 0;
  const preloadOne = () => {
    const href = files[next++];
    if (href === undefined) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    channel.port2.postMessage(null);
  };
  channel.port1.onmessage = preloadOne;
  preloadOne();
};
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
