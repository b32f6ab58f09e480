import type { ByteRange } from './storage.js';

/**
 * The one byte range of a `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14):
 * 'none' when there is no header or one we answer in full (several ranges, another unit),
 * 'unsatisfiable' when it starts past the end. Pure, for the media route.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'none';
  const [, from, to] = match;
  if (from === '' && to === '') return 'none';
  if (from === '') {
    // The last N bytes.
    const length = Number(to);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return 'none';
  return { start, end };
}
