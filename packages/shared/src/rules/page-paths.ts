/**
 * How a signed-in path finds its page: an exact path first, then a prefix (an entry whose path
 * ends with '/'). The web router and the server (which names a page's files in its <head>) both
 * match with this one rule, so they always agree on which page a path shows.
 */
export function matchPagePath<T extends { path: string }>(
  entries: readonly T[],
  pathname: string,
): T | undefined {
  return (
    entries.find((e) => !e.path.endsWith('/') && e.path === pathname) ??
    entries.find(
      (e) => e.path.endsWith('/') && pathname.startsWith(e.path) && pathname.length > e.path.length,
    )
  );
}
