import fs from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import { messages } from '@medenglish/shared';

/** Why a package is refused; the import command prints the message as it is. */
export class PackageError extends Error {}

/**
 * Limits of one package. A Rise export of a long course is a few tens of megabytes; the limits
 * stop a zip bomb or a mistaken folder before it fills the disk.
 */
export const PACKAGE_LIMITS = {
  maxFiles: 5_000,
  maxTotalBytes: 300 * 1024 * 1024,
  maxFileBytes: 150 * 1024 * 1024,
};

export type PackageFiles = Map<string, Buffer>;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * A path inside the package, normalised to forward slashes; null when it would leave the package
 * (zip slip: `../`, an absolute path, a drive letter) or names nothing.
 */
export function safeRelativePath(name: string): string | null {
  if (name.includes('\0') || name.includes('\\')) return null;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return null;
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..')) return null;
  return parts.join('/');
}

/**
 * What zip tools and file managers add to a folder: macOS's `__MACOSX/` resource forks, `._*`
 * AppleDouble files and `.DS_Store`, Windows's `Thumbs.db` and `desktop.ini`. No authoring tool
 * writes them and no course uses them: left out without a word, as SCORM Cloud does.
 */
const JUNK_FILES = new Set(['.ds_store', 'thumbs.db', 'ehthumbs.db', 'desktop.ini']);

/**
 * How the import treats an entry: `junk` (left out silently), `hidden` (a dot-file or a file in a
 * dot-folder — `.git/`, `.gitignore`, `.env` —: refused, or left out when asked, since the store
 * cannot hold it and it may hold what should not be published) or an ordinary `file`.
 */
export function entryKind(name: string): 'junk' | 'hidden' | 'file' {
  const parts = name.split('/');
  const last = parts.at(-1)!.toLowerCase();
  if (parts.includes('__MACOSX') || JUNK_FILES.has(last) || last.startsWith('._')) return 'junk';
  return parts.some((p) => p.startsWith('.')) ? 'hidden' : 'file';
}

/** A hidden entry as the refusal names it: up to its first dot-part, a folder with its slash. */
export function hiddenLabel(name: string): string {
  const parts = name.split('/');
  const at = parts.findIndex((p) => p.startsWith('.'));
  return at < 0 || at === parts.length - 1 ? name : `${parts.slice(0, at + 1).join('/')}/`;
}

/** Hidden entries met while reading a package (not read, not counted): the import decides. */
const hiddenEntries = new WeakMap<PackageFiles, string[]>();

/** The hidden entries of a package: those readPackage passed over, and any among its files. */
export function hiddenEntriesOf(files: PackageFiles): string[] {
  const names = [
    ...(hiddenEntries.get(files) ?? []),
    ...[...files.keys()].filter((n) => entryKind(n) === 'hidden'),
  ];
  return [...new Set(names.map(hiddenLabel))].sort();
}

/** The files of a package folder or .zip, checked against PACKAGE_LIMITS; junk and hidden
 * entries are passed over unread (hiddenEntriesOf names the hidden ones). */
export async function readPackage(source: string, limits = PACKAGE_LIMITS): Promise<PackageFiles> {
  const stat = await fs.stat(source).catch(() => null);
  if (!stat) throw new PackageError(messages.contentImport.notFound(source));
  if (stat.isDirectory()) return readFolder(source, limits);
  if (stat.isFile() && source.toLowerCase().endsWith('.zip')) {
    if (stat.size > limits.maxTotalBytes) {
      throw new PackageError(messages.contentImport.tooLarge(megabytes(limits.maxTotalBytes)));
    }
    return readZip(source, limits);
  }
  throw new PackageError(messages.contentImport.notPackage);
}

class Budget {
  files = 0;
  bytes = 0;
  constructor(private readonly limits: typeof PACKAGE_LIMITS) {}
  add(size: number) {
    this.files += 1;
    this.bytes += size;
    if (this.files > this.limits.maxFiles) {
      throw new PackageError(messages.contentImport.tooManyFiles(this.limits.maxFiles));
    }
    if (size > this.limits.maxFileBytes || this.bytes > this.limits.maxTotalBytes) {
      throw new PackageError(messages.contentImport.tooLarge(megabytes(this.limits.maxTotalBytes)));
    }
  }
}

async function readFolder(root: string, limits: typeof PACKAGE_LIMITS): Promise<PackageFiles> {
  const files: PackageFiles = new Map();
  const hidden: string[] = [];
  hiddenEntries.set(files, hidden);
  const budget = new Budget(limits);
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      const kind = entryKind(entry.isDirectory() ? `${relative}/x` : relative);
      // A `.git` folder is not walked: its thousands of objects would only hit the limits.
      if (kind === 'junk') continue;
      if (kind === 'hidden') {
        hidden.push(entry.isDirectory() ? `${relative}/` : relative);
        continue;
      }
      // A symbolic link could point anywhere on the machine: never followed.
      if (entry.isSymbolicLink()) {
        throw new PackageError(messages.contentImport.unsafePath(path.relative(root, full)));
      }
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const { size } = await fs.stat(full);
        budget.add(size);
        files.set(relative, await fs.readFile(full));
      }
    }
  };
  await walk(root);
  return files;
}

/**
 * Reads a zip with yauzl, deciding from the central directory before inflating anything: names
 * that would leave the package, too many entries and declared sizes over the limits are refused,
 * and each entry's inflated bytes are counted too (yauzl checks them against the declared size).
 */
function readZip(file: string, limits: typeof PACKAGE_LIMITS): Promise<PackageFiles> {
  return new Promise((resolve, reject) => {
    // Names are decoded and checked here, not by yauzl, so that the refusal names the entry.
    yauzl.open(file, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip)
        return reject(new PackageError(messages.contentImport.badZip(error?.message ?? 'unreadable')));
      const files: PackageFiles = new Map();
      const hidden: string[] = [];
      hiddenEntries.set(files, hidden);
      const budget = new Budget(limits);
      const fail = (e: unknown) => {
        zip.close();
        reject(
          e instanceof PackageError
            ? e
            : new PackageError(messages.contentImport.badZip((e as Error).message)),
        );
      };
      zip.on('error', fail);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        const rawName = (entry.fileName as unknown as Buffer).toString('utf8');
        let name: string | null;
        try {
          if (rawName.endsWith('/')) {
            const folder = safeRelativePath(rawName);
            if (folder && entryKind(`${folder}/x`) === 'hidden') hidden.push(`${folder}/`);
            return zip.readEntry();
          }
          name = safeRelativePath(rawName);
          if (!name) throw new PackageError(messages.contentImport.unsafePath(rawName));
          const kind = entryKind(name);
          if (kind !== 'file') {
            if (kind === 'hidden') hidden.push(name);
            return zip.readEntry();
          }
          budget.add(entry.uncompressedSize);
        } catch (e) {
          return fail(e);
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(streamError ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', fail);
          stream.on('end', () => {
            files.set(name!, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
