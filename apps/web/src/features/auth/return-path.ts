/**
 * The page a logged-out visitor asked for, carried in the router state of the redirect to '/'
 * (RequireAuth), so that the login opens it instead of the dashboard. Only a path of this app:
 * never another origin ('//host', 'https:…'), never the login page itself.
 */
export function returnPathOf(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return null;
  if (from === '/' || from.startsWith('/?')) return null;
  return from;
}
