/**
 * The modules main.tsx imports one after the other at start-up, each evaluated in a task of its own
 * (decision 0036), relative to src/. Every visit loads them, so the build treats them as part of the
 * first route: they stay out of the signed-in groups (chunk-groups.ts), the page names them as
 * modulepreload links beside the entry (route-files.ts), and the first-route budget counts them
 * (scripts/bundle-report.mjs, from route-files.json).
 */
export const BOOT_STAGES = ['boot/react-dom.ts', 'app/app.tsx'];
