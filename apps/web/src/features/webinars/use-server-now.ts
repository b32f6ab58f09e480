import { useServerTime } from '../../api/time';

/**
 * The server's time now (SPEC: time is the server's): the browser's clock corrected by how far it
 * was from the server's when GET /time last answered. The browser's own until then.
 */
export function useServerNow(): () => number {
  const time = useServerTime();
  const offset = time.data ? Date.parse(time.data.now) - time.dataUpdatedAt : 0;
  return () => Date.now() + offset;
}
