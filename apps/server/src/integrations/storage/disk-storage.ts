import { createReadStream, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import mime from 'mime-types';
import { assertValidKey, type ObjectInfo, type Storage } from './storage.js';

export const contentTypeOf = (key: string) => mime.lookup(key) || 'application/octet-stream';

/** Files under a folder of the local disk (DATA_DIR/files): the offline default. */
export function diskStorage(root: string): Storage {
  const absolute = path.resolve(root);
  mkdirSync(absolute, { recursive: true });
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(absolute, ...key.split('/'));
  };
  const info = async (key: string): Promise<ObjectInfo | null> => {
    const stat = await fs.stat(fileOf(key)).catch(() => null);
    if (!stat?.isFile()) return null;
    return {
      size: stat.size,
      // Size and modification time, as static file servers do: it changes whenever the file does.
      etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      lastModified: stat.mtime,
      contentType: contentTypeOf(key),
    };
  };
  return {
    kind: 'disk',
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async get(key, range) {
      const found = await info(key);
      if (!found) return null;
      const body = createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
      return { ...found, body, ...(range ? { range } : {}) };
    },
    head: info,
    async exists(key) {
      return (await info(key)) !== null;
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const base = prefix === '' ? absolute : fileOf(prefix.replace(/\/$/, ''));
      const entries = await fs.readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      const files = await Promise.all(
        entries
          .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
          .map(async (e) => {
            const file = path.join(e.parentPath, e.name);
            const stat = await fs.stat(file);
            return {
              key: path.relative(absolute, file).split(path.sep).join('/'),
              size: stat.size,
              lastModified: stat.mtime,
            };
          }),
      );
      return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}
