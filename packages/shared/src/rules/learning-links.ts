/** SPEC §2 /learning-links: the intro card shows its first 60 characters, then 'Read more'. */
export const INTRO_PREVIEW_CHARACTERS = 60;

/**
 * The first `limit` characters of `text`, cut at the last word boundary within them and followed
 * by an ellipsis; the whole text when it is short enough. Counted in characters, not UTF-16 units,
 * so an accented letter or an emoji is never split.
 */
export function truncateText(text: string, limit = INTRO_PREVIEW_CHARACTERS): string {
  const chars = Array.from(text.trim());
  if (chars.length <= limit) return chars.join('');
  const head = chars.slice(0, limit).join('');
  const cut = head.lastIndexOf(' ');
  return `${(cut > limit / 2 ? head.slice(0, cut) : head).replace(/[\s,;:.–-]+$/u, '')}…`;
}

/** SPEC §2: the back button goes to the parent path (`/learning-links/a/b` → `/learning-links/a`). */
export function parentPath(pathname: string): string {
  const parts = pathname.replace(/\/+$/, '').split('/');
  return parts.length > 2 ? parts.slice(0, -1).join('/') || '/' : '/';
}

/** The address of a theme or of one of its topics: names are path segments, encoded. */
export function learningLinksPath(themeName?: string, topicName?: string): string {
  return ['/learning-links', themeName, topicName]
    .filter((s): s is string => s !== undefined)
    .map((s, i) => (i === 0 ? s : encodeURIComponent(s)))
    .join('/');
}
