/**
 * A request's path with each run of slashes made one (issue 34), its query left as sent: an
 * unencoded IRI in a parameter keeps its "//".
 *
 * The cmi5 endpoint ends in a slash (cmi5-launch.service.ts); AU libraries that add
 * "/activities/state" to it without first stripping it (the cmi5.js inside CATAPULT's courses)
 * reach "/api/xapi//activities/state", which LRSs in the field answer as the single-slash path —
 * a 404 here meant no CATAPULT course ever started. Making the path canonical before routing,
 * rather than only matching it (Fastify's `ignoreDuplicateSlashes`), means every hook that reads
 * `request.url` — the LRS's method check and its X-Experience-API-Consistent-Through on GET
 * statements, the API's cache-control, the web app's page fallback, the logs — sees the path
 * the router matched.
 */
export function collapseSlashes(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('//')) return url;
  return path.replace(/\/{2,}/g, '/') + (queryAt === -1 ? '' : url.slice(queryAt));
}
