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

/** The name of a `name=value` pair of a query as written, decoded as a query parser reads it. */
function pairName(pair: string): string {
  const name = pair.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The pairs of a package's own query (without its `?`) exactly as it wrote them — re-encoding
 * could change what a library that decodes by hand reads, `%20` becoming `+` — less any whose
 * name is one of `names` (the launch parameters: cmi5 8.1 forbids an AU's query to use them).
 */
export function ownQueryPairs(ownQuery: string, names: Iterable<string>): string[] {
  const ours = new Set(names);
  return ownQuery.split('&').filter((pair) => pair !== '' && !ours.has(pairName(pair)));
}

/**
 * A package's own query (without its `?`) followed by the launch parameters — xAPI launch, or
 * cmi5 8.1 and 13.1.4 ("the values from that query string MUST be merged with the cmi5
 * parameters"). A package pair named as a launch parameter is dropped: a package cannot redirect
 * its statements or its credentials. Nothing else is added: no preference of the app travels
 * here, because TinCanJS sends every query parameter it does not know to the LRS with each
 * request (its `extended` parameters), and the LRS rightly refuses an unknown one (issue 34).
 */
export function mergeLaunchQuery(ownQuery: string, launchQuery: URLSearchParams): string {
  const launch = launchQuery.toString();
  return [...ownQueryPairs(ownQuery, launchQuery.keys()), ...(launch ? [launch] : [])].join('&');
}

/** A relative URL split into what comes before its query, its query (no `?`) and its fragment (with `#`). */
export function splitLaunchPoint(launchPoint: string): { file: string; query: string; fragment: string } {
  const hashAt = launchPoint.indexOf('#');
  const fragment = hashAt === -1 ? '' : launchPoint.slice(hashAt);
  const beforeFragment = hashAt === -1 ? launchPoint : launchPoint.slice(0, hashAt);
  const queryAt = beforeFragment.indexOf('?');
  return {
    file: queryAt === -1 ? beforeFragment : beforeFragment.slice(0, queryAt),
    query: queryAt === -1 ? '' : beforeFragment.slice(queryAt + 1),
    fragment,
  };
}

/**
 * The address a frame opens: the package file under /media, the package's own query first, then
 * the xAPI launch parameters (they win a name clash: a package cannot redirect its statements),
 * then the package's fragment — a fragment must come last or the launch query would be lost in it.
 */
export function launchAddress(folder: string, launchPoint: string, launchQuery: URLSearchParams): string {
  const { file, query, fragment } = splitLaunchPoint(launchPoint);
  return `${mediaUrl(folder)}/${file}?${mergeLaunchQuery(query, launchQuery)}${fragment}`;
}
