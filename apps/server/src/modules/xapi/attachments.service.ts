import type { Readable } from 'node:stream';
import type { Storage } from '../../integrations/storage/storage.js';
import { isSha2Hex, type AttachmentBody } from './attachment-rules.js';
import type { Part } from './multipart.js';
import type { Json } from './json.js';

/**
 * Attachment bodies live in the file store (decision 0015: disk or S3), not in the database: they
 * can be megabytes, and statements stay small rows on the write path. They are kept by content
 * hash — the same body sent twice is one file, and a file is never rewritten — under `xapi/`,
 * a private prefix that /media serves only at a signed address (download-links.ts).
 */
const keyOf = (sha2: string) => `xapi/attachments/${sha2.toLowerCase()}`;

/** Writes the bodies before their statements are stored, so a stored statement never lacks one. */
export async function saveAttachments(storage: Storage, bodies: AttachmentBody[]): Promise<void> {
  await Promise.all(
    bodies.map(async ({ sha2, contentType, body }) => {
      if (!(await storage.exists(keyOf(sha2)))) await storage.put(keyOf(sha2), body, { contentType });
    }),
  );
}

/**
 * The parts that follow the statements in an `attachments=true` answer: one per distinct body the
 * statements name and the store holds (a fileUrl-only attachment has none), in order of appearance.
 */
export async function attachmentParts(storage: Storage, statements: Json[]): Promise<Part[]> {
  const wanted = new Map<string, string>();
  for (const statement of statements) {
    const list = Array.isArray(statement.attachments) ? (statement.attachments as Json[]) : [];
    for (const attachment of list) {
      const sha2 = String(attachment.sha2).toLowerCase();
      if (isSha2Hex(sha2) && !wanted.has(sha2)) wanted.set(sha2, String(attachment.contentType));
    }
  }
  const parts: (Part | null)[] = await Promise.all(
    [...wanted].map(async ([sha2, contentType]) => {
      const object = await storage.get(keyOf(sha2));
      if (!object) return null;
      return {
        headers: {
          'Content-Type': contentType,
          'Content-Transfer-Encoding': 'binary',
          'X-Experience-API-Hash': sha2,
        },
        body: await readAll(object.body),
      };
    }),
  );
  return parts.filter((p): p is Part => p !== null);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
