import { mediaUrl } from '../../integrations/storage/storage.js';

/**
 * `units.launch_point` is the launch element of tincan.xml as a relative URL: the file's path
 * %-encoded segment by segment, then the package's own `?query` and `#fragment` as it wrote them
 * (`story.html?tincan=true`, `res/index.html`). Plain names are their own encoding, so units
 * imported before launch queries were kept read the same.
 */
export function launchPointOf(file: string, suffix: string): string {
  return `${file.split('/').map(encodeURIComponent).join('/')}${suffix}`;
}

/**
 * The address a frame opens: the package file under /media, the package's own query first, then
 * the xAPI launch parameters (they win a name clash: a package cannot redirect its statements),
 * then the package's fragment — a fragment must come last or the launch query would be lost in it.
 */
export function launchAddress(folder: string, launchPoint: string, launchQuery: URLSearchParams): string {
  const hashAt = launchPoint.indexOf('#');
  const fragment = hashAt === -1 ? '' : launchPoint.slice(hashAt);
  const beforeFragment = hashAt === -1 ? launchPoint : launchPoint.slice(0, hashAt);
  const queryAt = beforeFragment.indexOf('?');
  const file = queryAt === -1 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : beforeFragment.slice(queryAt + 1));
  for (const name of launchQuery.keys()) query.delete(name);
  for (const [name, value] of launchQuery) query.append(name, value);
  return `${mediaUrl(folder)}/${file}?${query.toString()}${fragment}`;
}
