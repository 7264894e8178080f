/**
 * Where the bytes of uploaded photos live (issue #16, docs/decisions/033-upload-storage.md): on
 * this machine's disk under DATA_DIR/uploads (the default, one server), or in an S3-compatible
 * bucket when S3_BUCKET is set (several app processes behind a load balancer). The `uploads` row
 * in the database stays the record of what exists and who may see it; a store only keeps bytes
 * under a key. Every caller reaches the bytes through our API routes and their access checks:
 * the bucket is private and no URL of it is ever handed out.
 */
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { DiskUploadStorage } from './disk-upload-storage';

/** A stored photo as it is being read: the bytes as a stream (read it or cancel it), and what the store knows about them. */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  /** The length in bytes, when the store says (both stores do). */
  contentLength: number | null;
  /** The type the object was stored with (S3); null from the disk, which keeps no types (the row has it). */
  contentType: string | null;
}

/**
 * A place for upload bytes. Keys are our own (`uploads.storage_key`: 32 hex digits and `.jpg`),
 * never derived from the uploader's file name; see `assertStorageKey`.
 * Every method throws `UploadStorageUnavailableError` (503) when the store cannot be reached or
 * refuses us, after logging the store's own error; nothing else about the store reaches callers.
 */
export interface UploadStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** @returns the object, or null when nothing is stored under the key */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Releases connections (the runtime's close). */
  close(): void;
}

/**
 * The 503 a caller gets when photos cannot be stored or read right now (the bucket is down or
 * refuses our credentials, the disk fails). Its message names no internals; the cause is logged
 * where it happened and the 5xx goes to the error log (lib/error-handler.ts).
 */
export class UploadStorageUnavailableError extends AppError {
  constructor() {
    super(503, 'upload_storage_unavailable', 'errors.uploadStorageUnavailable');
    this.name = 'UploadStorageUnavailableError';
  }
}

/** Keys are our own names: letters, digits, `.`, `_`, `-`, starting with a letter or digit, at most 128 characters. */
const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Refuses a key that is not one of ours before it reaches a path or an object name, so no key can
 * walk out of the uploads folder or prefix (`../`, `/`).
 * @throws Error (a programming error, answered 500): the key has other characters
 */
export function assertStorageKey(key: string): string {
  if (!STORAGE_KEY.test(key) || key.includes('..')) throw new Error(`not an upload storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * The store the configuration names: S3 when `config.s3` is set (its SDK is loaded only then,
 * which keeps it out of a disk-only server's memory), the disk under `config.dataDir` otherwise.
 */
export async function createUploadStorage(config: Pick<Config, 'dataDir' | 's3'>, logger: Logger): Promise<UploadStorage> {
  if (!config.s3) return new DiskUploadStorage(config.dataDir, logger);
  const { S3UploadStorage } = await import('./s3-upload-storage');
  return new S3UploadStorage(config.s3, logger);
}
