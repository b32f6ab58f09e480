import { createHash } from 'node:crypto';
import type { Part } from './multipart.js';
import { SIGNATURE_USAGE, verifySignedStatement } from './signature.js';
import { StatementError } from './statement-rules.js';
import type { Json } from './json.js';

/** An attachment body the request carried, checked against its hash. */
export interface AttachmentBody {
  /** Lower-case hex SHA-2 of the body: the key it is stored under. */
  sha2: string;
  contentType: string;
  body: Buffer;
}

/** SHA-2 variants by the length of their hex digest (xAPI names the family, not the size). */
const HASH_BY_HEX_LENGTH: Record<number, string> = { 64: 'sha256', 96: 'sha384', 128: 'sha512' };

export const isSha2Hex = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]+$/i.test(value) && HASH_BY_HEX_LENGTH[value.length] !== undefined;

const attachmentsOf = (statement: Json): Json[] =>
  Array.isArray(statement.attachments) ? (statement.attachments as Json[]) : [];

/** True when a statement batch names an attachment, so the request must be checked for bodies. */
export const hasAttachments = (statements: Json[]) => statements.some((s) => s.attachments !== undefined);

/**
 * Matches the attachment parts of a multipart/mixed request (the statements' part excluded) with
 * the statements' attachments (xAPI 1.0.3 §1.5.2, §2.4.11): each part carries
 * X-Experience-API-Hash and Content-Transfer-Encoding: binary, its body hashes to that value, and
 * names an attachment of the batch; each attachment without a fileUrl — and each signature —
 * has its part. Signed statements are verified (signature.ts). A JSON request is checked with no
 * part. Returns the bodies to keep, one per hash; throws a StatementError otherwise.
 */
export function matchAttachments(statements: Json[], parts: Part[]): AttachmentBody[] {
  const bodies = new Map<string, AttachmentBody>();
  for (const [i, part] of parts.entries()) {
    const where = `attachment part ${i + 2}`;
    const declared = part.headers['x-experience-api-hash'];
    if (!declared) throw new StatementError(`${where} has no X-Experience-API-Hash header`);
    if ((part.headers['content-transfer-encoding'] ?? '').toLowerCase() !== 'binary') {
      throw new StatementError(`${where} must have Content-Transfer-Encoding: binary`);
    }
    const sha2 = declared.toLowerCase();
    if (!isSha2Hex(sha2))
      throw new StatementError(`${where}: X-Experience-API-Hash is not a SHA-2 hex digest`);
    const actual = createHash(HASH_BY_HEX_LENGTH[sha2.length]!).update(part.body).digest('hex');
    if (actual !== sha2)
      throw new StatementError(`${where}: its body does not match its X-Experience-API-Hash`);
    bodies.set(sha2, {
      sha2,
      contentType: part.headers['content-type'] ?? 'application/octet-stream',
      body: part.body,
    });
  }

  const named = new Set<string>();
  statements.forEach((statement, s) => {
    for (const attachment of attachmentsOf(statement)) {
      const sha2 = String(attachment.sha2).toLowerCase();
      named.add(sha2);
      const body = bodies.get(sha2);
      const signature = attachment.usageType === SIGNATURE_USAGE;
      if (!body && (attachment.fileUrl === undefined || signature)) {
        throw new StatementError(`statement ${s + 1}: no multipart part carries the attachment ${sha2}`);
      }
      if (body) body.contentType = String(attachment.contentType);
      if (signature) {
        if (!/^application\/octet-stream\s*(;|$)/i.test(String(attachment.contentType))) {
          throw new StatementError(
            `statement ${s + 1}: a signature's contentType is application/octet-stream`,
          );
        }
        verifySignedStatement(statement, body!.body);
      }
    }
  });
  for (const sha2 of bodies.keys()) {
    if (!named.has(sha2)) throw new StatementError(`the multipart part ${sha2} matches no attachment`);
  }
  return [...bodies.values()];
}
