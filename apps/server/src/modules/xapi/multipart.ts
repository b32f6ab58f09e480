import { randomBytes } from 'node:crypto';
import { StatementError } from './statement-rules.js';

/**
 * multipart/mixed as xAPI uses it for attachments (1.0.3 §1.5.2, RFC 2046 §5.1): the statements
 * as the first part (application/json), then one part per attachment body, each named by its
 * X-Experience-API-Hash. Pure: bytes in, parts out; a malformed body throws a StatementError
 * (a 400 naming the reason), never anything that would end as a 500.
 */
export interface Part {
  /** Header names in lower case, values trimmed. */
  headers: Record<string, string>;
  body: Buffer;
}

/** More parts than any statement batch needs is a malformed (or hostile) request. */
const MAX_PARTS = 1000;
/** Part headers are a few short lines; anything longer is not a part header block. */
const MAX_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary parameter of a multipart/mixed Content-Type, or a StatementError. */
export function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  // RFC 2046: 1 to 70 characters.
  if (!boundary || boundary.length > 70)
    throw new StatementError('multipart/mixed needs a boundary parameter');
  return boundary;
}

export const isMultipartMixed = (contentType: string | undefined) =>
  /^multipart\/mixed\s*(;|$)/i.test(contentType ?? '');

export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  // The first delimiter opens the body or follows the preamble's line break.
  let at = body.indexOf(delimiter);
  if (at < 0 || (at > 0 && (at < 2 || body[at - 2] !== 0x0d || body[at - 1] !== 0x0a))) {
    throw new StatementError('the multipart body does not contain its boundary');
  }
  const parts: Part[] = [];
  const next = Buffer.concat([CRLF, delimiter]);
  for (;;) {
    let cursor = at + delimiter.length;
    // "--" right after a delimiter closes the body; what follows (the epilogue) is ignored.
    if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) break;
    while (body[cursor] === 0x20 || body[cursor] === 0x09) cursor++;
    if (body[cursor] !== 0x0d || body[cursor + 1] !== 0x0a) {
      throw new StatementError('a multipart boundary line is malformed');
    }
    cursor += 2;
    const end = body.indexOf(next, cursor);
    if (end < 0) throw new StatementError('the multipart body is not closed by its boundary');
    if (parts.length === MAX_PARTS) throw new StatementError(`at most ${MAX_PARTS} multipart parts`);
    parts.push(readPart(body.subarray(cursor, end)));
    at = end + 2;
  }
  if (parts.length === 0) throw new StatementError('the multipart body has no part');
  return parts;
}

function readPart(raw: Buffer): Part {
  // A part with no header starts with its blank line.
  const headerEnd = raw.subarray(0, 2).equals(CRLF) ? 0 : raw.indexOf(HEADER_END);
  if (headerEnd < 0 || headerEnd > MAX_HEADER_BYTES) {
    throw new StatementError('a multipart part has no header block');
  }
  const headers: Record<string, string> = {};
  if (headerEnd > 0) {
    for (const line of raw.subarray(0, headerEnd).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 1) throw new StatementError(`malformed multipart header line '${line.slice(0, 80)}'`);
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return { headers, body: raw.subarray(headerEnd === 0 ? 2 : headerEnd + 4) };
}

/** A multipart/mixed body of the given parts, and the Content-Type that names its boundary. */
export function writeMultipart(parts: Part[]): { contentType: string; body: Buffer } {
  const boundary = `xapi-${randomBytes(18).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = Object.entries(part.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`), part.body, CRLF);
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/mixed; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
