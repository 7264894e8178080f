/**
 * Turns an uploaded image into the photo we keep: fully decoded with sharp (libvips), so a file
 * that only looks like an image is refused; turned upright by its EXIF orientation; at most
 * 2560 px on its long side; re-encoded as a baseline sRGB JPEG without any metadata (EXIF with
 * GPS position, camera serials, XMP, comments). What we store and serve is always our own JPEG,
 * never the uploader's bytes.
 */
import { uploadFileError } from './upload-errors';

/** Images above this many pixels are refused before decoding (decompression bombs). 100 MP covers phone cameras. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** The long side of a stored photo, in pixels: plenty to see a wardrobe's parts or read a licence. */
export const MAX_STORED_EDGE_PX = 2560;
const JPEG_QUALITY = 82;

export interface StoredPhoto {
  bytes: Buffer;
  contentType: 'image/jpeg';
  extension: 'jpg';
  width: number;
  height: number;
}

/**
 * @param original the uploaded bytes; `sniffedType` is what their magic bytes claim (file-type)
 * @throws AppError 400 validation_failed with details.file = validation.fileTypeInvalid (does not
 *   decode), validation.heicUnsupported (a HEIC this build of libvips cannot decode: HEVC is not in
 *   sharp's prebuilt binaries) or validation.imageTooLarge (more than MAX_INPUT_PIXELS)
 */
export async function reencodePhoto(original: Buffer, sniffedType: string): Promise<StoredPhoto> {
  // Loaded on the first upload, not at start: libvips is ~8 MB of resident memory (issue #16).
  const { default: sharp } = await import('sharp');
  try {
    const { data, info } = await sharp(original, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // A real photo with a harmless libjpeg warning (extraneous bytes) still decodes; data that
      // does not decode at all is an error.
      failOn: 'error',
    })
      .autoOrient()
      .resize({ width: MAX_STORED_EDGE_PX, height: MAX_STORED_EDGE_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(reason)) throw uploadFileError('validation.imageTooLarge');
    if (sniffedType === 'image/heic' || sniffedType === 'image/heif') throw uploadFileError('validation.heicUnsupported');
    throw uploadFileError('validation.fileTypeInvalid');
  }
}
