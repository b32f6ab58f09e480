// The server's renders of first screens (issue 10, decision 0017), one module for Vite's SSR build
// (`vite build --ssr src/ssr/first-screens.ts` → dist/server/first-screens.js, never served),
// imported by apps/server/src/web-page/first-screen.ts.
export { renderDashboardFirstScreen } from './dashboard-first-screen';
export { renderLoginFirstScreen } from './login-first-screen';
