/**
 * React DOM's client, a boot stage of its own (main.tsx, build/boot-stages.ts): evaluated in a task
 * of its own, between the entry's and the app's.
 */
export { createRoot } from 'react-dom/client';
