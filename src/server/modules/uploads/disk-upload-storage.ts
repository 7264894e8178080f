/**
 * Upload bytes on this machine's disk: one file per key in DATA_DIR/uploads (the layout every
 * earlier version used, so existing files keep being served). Right for one server; a second app
 * process on another machine cannot see these files (use S3_BUCKET then, docs/deploy.md).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Logger } from '../../lib/logger';
import { assertStorageKey, UploadStorageUnavailableError, type StoredObject, type UploadStorage } from './upload-storage';

/** The folder of the uploaded photos under a data directory. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export class DiskUploadStorage implements UploadStorage {
  readonly kind = 'disk' as const;
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly logger: Logger,
  ) {
    this.dir = uploadsDir(dataDir);
  }

  private pathOf(key: string): string {
    return path.join(this.dir, assertStorageKey(key));
  }

  /** Logs what the disk said and answers with the 503 that names nothing of it. */
  private unavailable(operation: string, key: string, error: unknown): UploadStorageUnavailableError {
    this.logger.error({ err: error, operation, key, store: 'disk' }, 'upload storage failed');
    return new UploadStorageUnavailableError();
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.writeFile(file, bytes);
    } catch (error) {
      throw this.unavailable('put', key, error);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.unavailable('get', key, error);
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here: it closes it at the end, on an error, or when the reader cancels.
      const body = Readable.toWeb(handle.createReadStream({ autoClose: true })) as ReadableStream<Uint8Array>;
      return { body, contentLength: size, contentType: null };
    } catch (error) {
      await handle.close().catch(() => {});
      throw this.unavailable('get', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await fs.rm(this.pathOf(key), { force: true });
    } catch (error) {
      throw this.unavailable('delete', key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.pathOf(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw this.unavailable('exists', key, error);
    }
  }

  close(): void {}
}
