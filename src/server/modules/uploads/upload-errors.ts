/** The errors an upload can end in, as the central error handler turns them into answers. */
import { AppError } from '../../lib/errors';

/**
 * A 400 about the file itself. The message is the file's own reason (not "correct the highlighted
 * fields"): the photo field shows the top-level message, and the reason is also in details.file.
 * @param key validation.fileRequired | fileTooLarge | fileTypeInvalid | heicUnsupported | imageTooLarge
 */
export function uploadFileError(key: string): AppError {
  return new AppError(400, 'validation_failed', key, { details: { file: key } });
}

/**
 * A 429 for an uploader over a quota (upload-quota.ts).
 * `retryAfterSeconds` is when the hourly count frees a place; null when only using the photos
 * waiting (or their removal after 24 h) frees room.
 */
export class UploadQuotaError extends AppError {
  constructor(
    code: 'upload_rate_limited' | 'upload_quota_exceeded',
    readonly retryAfterSeconds: number | null,
  ) {
    super(
      429,
      code,
      code === 'upload_rate_limited' ? 'errors.uploadRateLimited' : 'errors.uploadQuotaExceeded',
      retryAfterSeconds === null ? {} : { params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) } },
    );
  }
}
