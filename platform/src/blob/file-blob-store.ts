import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Blob storage for media (avatars, uploaded images). Embedded mode writes files under
 * `<dataDir>/media`; their public URL is `/media/<key>`.
 */
export interface BlobStore {
  put(key: string, source: { path: string } | { data: Buffer }, contentType: string): Promise<{ key: string; url: string }>;
  get(key: string): Promise<{ stream: Readable; size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  urlOf(key: string): string;
  /** The key of one of this store's URLs, or null for any other URL. */
  keyOf(url: string): string | null;
}

export class InvalidBlobKeyError extends Error {
  readonly code = 'BLOB.INVALID_KEY';
  constructor(key: string) {
    super(`Invalid blob key: ${JSON.stringify(key)}`);
    this.name = 'InvalidBlobKeyError';
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

export const isValidBlobKey = (key: string) => KEY.test(key) && !key.split('/').some((part) => part === '..' || part.startsWith('.'));

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
};
export const contentTypeOfKey = (key: string) => CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

export function createFileBlobStore(options: { dir: string; publicPath?: string }): BlobStore {
  const root = path.resolve(options.dir);
  const publicPath = (options.publicPath ?? '/media').replace(/\/$/, '');
  const fileOf = (key: string) => {
    if (!isValidBlobKey(key)) throw new InvalidBlobKeyError(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new InvalidBlobKeyError(key);
    return file;
  };

  return {
    async put(key, source, _contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: readers never see a half-written file.
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      if ('path' in source) await copyFile(source.path, temp);
      else await writeFile(temp, source.data);
      await rename(temp, file);
      return { key, url: `${publicPath}/${key}` };
    },
    async get(key) {
      if (!isValidBlobKey(key)) return null;
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size, contentType: contentTypeOfKey(key) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    urlOf: (key) => `${publicPath}/${key}`,
    keyOf(url) {
      const prefix = `${publicPath}/`;
      if (!url.startsWith(prefix)) return null;
      const key = url.slice(prefix.length);
      return isValidBlobKey(key) ? key : null;
    },
  };
}

/** The embedded media store of a data directory. */
export const mediaStoreOf = (dataDir: string) => createFileBlobStore({ dir: path.join(dataDir, 'media') });
