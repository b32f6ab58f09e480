import yauzl from 'yauzl';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@medenglish/shared';

/**
 * What an abstract upload (exam type 3, issue 13; SPEC §5 "File upload") must be: an odt, pdf, doc
 * or docx by its name *and* by its content — a renamed executable is not a document — within a
 * size, and, for the zip-based formats, with the inner structure of a document, read within
 * bounds so that a zip bomb is refused before anything is inflated. Pure of storage and HTTP:
 * the upload route decides what to say (the messages of SPEC §5).
 */
export type UploadKind = (typeof UPLOAD_EXTENSIONS)[number];

export const UPLOAD_LIMITS = {
  maxBytes: UPLOAD_MAX_BYTES,
  /** Entries in a docx/odt: a long report has a few hundred. */
  maxEntries: 2_000,
  /** The sum of the sizes the archive declares once inflated. */
  maxInflatedBytes: 100 * 1024 * 1024,
  /** Inflated / compressed, per entry: text compresses 10×; a bomb, a thousand times and more. */
  maxRatio: 200,
};

export type UploadVerdict =
  { ok: true; kind: UploadKind } | { ok: false; reason: 'extension' | 'size' | 'content' };

export function extensionOf(filename: string): UploadKind | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(filename.trim());
  const ext = match?.[1]?.toLowerCase();
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as UploadKind) : null;
}

const PDF = Buffer.from('%PDF-');
/** The OLE compound file signature of Word 97–2003 documents. */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text';

const startsWith = (bytes: Buffer, magic: Buffer) =>
  bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);

interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** The archive's directory (names and declared sizes), refusing it past the bounds; null if unreadable. */
function zipDirectory(
  bytes: Buffer,
  limits: typeof UPLOAD_LIMITS,
): Promise<{ entries: ZipEntryInfo[]; zip: yauzl.ZipFile } | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return resolve(null);
      const entries: ZipEntryInfo[] = [];
      let inflated = 0;
      let refused = false;
      const refuse = () => {
        refused = true;
        zip.close();
        resolve(null);
      };
      zip.on('error', () => !refused && refuse());
      zip.on('entry', (entry: yauzl.Entry) => {
        inflated += entry.uncompressedSize;
        const ratio = entry.compressedSize === 0 ? 0 : entry.uncompressedSize / entry.compressedSize;
        if (
          entries.length >= limits.maxEntries ||
          inflated > limits.maxInflatedBytes ||
          ratio > limits.maxRatio
        ) {
          return refuse();
        }
        entries.push({
          name: entry.fileName,
          compressedSize: entry.compressedSize,
          uncompressedSize: entry.uncompressedSize,
        });
        zip.readEntry();
      });
      zip.on('end', () => !refused && resolve({ entries, zip }));
      zip.readEntry();
    });
  });
}

/** The first bytes of one small entry (the odt `mimetype`), read with a cap whatever it declares. */
function readSmallEntry(bytes: Buffer, name: string, cap = 256): Promise<string | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return resolve(null);
      zip.on('error', () => resolve(null));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        if (entry.uncompressedSize > cap) {
          zip.close();
          return resolve(null);
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return resolve(null);
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > cap) stream.destroy();
            else chunks.push(chunk);
          });
          stream.on('error', () => resolve(null));
          stream.on('close', () => {
            zip.close();
            resolve(size > cap ? null : Buffer.concat(chunks).toString('utf8'));
          });
        });
      });
      zip.on('end', () => resolve(null));
      zip.readEntry();
    });
  });
}

/** Whether the bytes are a document of the kind the name says, within the limits. */
export async function checkUpload(
  filename: string,
  bytes: Buffer,
  limits: typeof UPLOAD_LIMITS = UPLOAD_LIMITS,
): Promise<UploadVerdict> {
  const kind = extensionOf(filename);
  if (!kind) return { ok: false, reason: 'extension' };
  if (bytes.length === 0 || bytes.length > limits.maxBytes) return { ok: false, reason: 'size' };
  const verdict = (matches: boolean): UploadVerdict =>
    matches ? { ok: true, kind } : { ok: false, reason: 'content' };
  if (kind === 'pdf') return verdict(startsWith(bytes, PDF));
  if (kind === 'doc') return verdict(startsWith(bytes, OLE));
  if (!startsWith(bytes, ZIP)) return verdict(false);
  const directory = await zipDirectory(bytes, limits);
  if (!directory) return verdict(false);
  directory.zip.close();
  const names = new Set(directory.entries.map((e) => e.name));
  if (kind === 'docx') return verdict(names.has('[Content_Types].xml') && names.has('word/document.xml'));
  if (!names.has('content.xml') || !names.has('mimetype')) return verdict(false);
  return verdict((await readSmallEntry(bytes, 'mimetype')) === ODT_MIMETYPE);
}
