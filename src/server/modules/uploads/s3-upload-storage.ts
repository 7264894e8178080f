/**
 * Upload bytes in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), so every app
 * process serves every photo (issue #16). Objects are named `uploads/<storage key>`, the same
 * layout as DATA_DIR/uploads, so a disk's photos move with `aws s3 sync DATA_DIR/uploads
 * s3://BUCKET/uploads/`. The bucket stays private: the server reads objects and streams them
 * through its own routes after their access checks (docs/decisions/033-upload-storage.md).
 */
import { createHash } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import type { Logger } from '../../lib/logger';
import { assertStorageKey, UploadStorageUnavailableError, type StoredObject, type UploadStorage } from './upload-storage';

/** The prefix of every upload object in the bucket (the bucket may hold other things). */
export const S3_UPLOADS_PREFIX = 'uploads/';

/** A connection that does not open within this long counts as the store being down (ms). */
const CONNECTION_TIMEOUT_MS = 3_000;
/** A request with no answer for this long is abandoned (ms); a photo is at most a few MB. */
const REQUEST_TIMEOUT_MS = 20_000;

export class S3UploadStorage implements UploadStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3Config,
    private readonly logger: Logger,
  ) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // Without keys: the SDK's default chain (AWS_* variables, a shared profile, the instance's or task's role).
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them: several S3-compatible services reject or mishandle
      // the SDK's default CRC32 headers (SDK >= 3.729). PUTs carry Content-MD5 instead, which all of them check.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  private objectKey(key: string): string {
    return S3_UPLOADS_PREFIX + assertStorageKey(key);
  }

  /** Logs what the store said (its code, status, request id) and answers with the 503 that names nothing of it. */
  private unavailable(operation: string, key: string, error: unknown): UploadStorageUnavailableError {
    const details = error instanceof S3ServiceException ? { code: error.name, status: error.$metadata.httpStatusCode, requestId: error.$metadata.requestId } : {};
    this.logger.error({ err: error, operation, key, store: 's3', bucket: this.bucket, ...details }, 'upload storage failed');
    return new UploadStorageUnavailableError();
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      Body: bytes,
      ContentType: contentType,
      ContentLength: bytes.byteLength,
      ContentMD5: createHash('md5').update(bytes).digest('base64'),
    });
    try {
      await this.client.send(command);
    } catch (error) {
      throw this.unavailable('put', key, error);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) });
    try {
      const object = await this.client.send(command);
      if (!object.Body) throw new Error('GetObject answered without a body');
      return {
        body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        contentLength: object.ContentLength ?? null,
        contentType: object.ContentType ?? null,
      };
    } catch (error) {
      // NoSuchKey only: a missing bucket (NoSuchBucket) is a broken store, not a missing photo.
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
      throw this.unavailable('get', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) });
    try {
      await this.client.send(command);
    } catch (error) {
      throw this.unavailable('delete', key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    const command = new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) });
    try {
      await this.client.send(command);
      return true;
    } catch (error) {
      // A HEAD has no error body: a missing object is a bare 404 the SDK names NotFound.
      if (error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return false;
      throw this.unavailable('exists', key, error);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
