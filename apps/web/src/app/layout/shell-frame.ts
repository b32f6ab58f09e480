/**
 * The shell's measures around a page, shared by the shell (shell-layout.tsx) and the server's
 * render of the dashboard's first cards (src/ssr), which must sit exactly where the shell will put
 * the page: no layout shift when the app replaces them.
 */
export const DRAWER_WIDTH = 264;

/** The page's padding inside <main>: 16 px on a narrow phone, 24 px from the narrow breakpoint. */
export const MAIN_PADDING = { xs: 2, sm: 3 } as const;
