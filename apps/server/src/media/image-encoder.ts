import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ACCEPTED_IMAGE_TYPES } from '@repolog/contract/constants';
import { limits } from '@repolog/contract/limits';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { AppError, badRequest } from '../errors.js';

// libvips keeps recent operations and their pixels for reuse; uploads are each seen once, so
// that cache only holds memory.
sharp.cache(false);

/** An image re-encoded for storage. */
export interface EncodedImage {
  data: Buffer;
  /** SHA-256 (hex) of `data`: the stored image's name. */
  hash: string;
  width: number;
  height: number;
}

type AcceptedType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** The decoder sharp reports for each accepted type (AVIF is a HEIF file coded with AV1). */
const SHARP_FORMAT: Record<AcceptedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'heif',
};

const isAccepted = (mime: string): mime is AcceptedType =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime);

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10;

/** What the bytes are, by their signature alone (the file's name and headers are not asked). */
async function sniff(bytes: Buffer): Promise<AcceptedType> {
  const found = await fileTypeFromBuffer(bytes);
  if (found && isAccepted(found.mime)) return found.mime;
  // SVG is text, which no signature names: it can carry scripts, so it is refused outright.
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  throw /<svg[\s>]/i.test(head)
    ? new AppError('unsupported_media_type', 'media.svg')
    : found
      ? new AppError('unsupported_media_type', 'media.otherType', {
          ext: found.ext,
          mime: found.mime,
        })
      : /^\s*</.test(head)
        ? new AppError('unsupported_media_type', 'media.markup')
        : new AppError('unsupported_media_type', 'media.unknownType');
}

/**
 * Refuses a picture too large to decode safely, from the dimensions in its header alone: a
 * decompression bomb (a small file of enormous dimensions) is never decoded.
 */
function checkDimensions(width: number, height: number, frames: number): void {
  const pixels = width * height;
  if (pixels > limits.image.maxPixels) {
    throw new AppError('payload_too_large', 'media.tooManyPixels', {
      width,
      height,
      megapixels: megapixels(pixels),
      max: megapixels(limits.image.maxPixels),
    });
  }
  if (pixels * frames > limits.image.maxAnimationPixels) {
    throw new AppError('payload_too_large', 'media.tooManyFrames', {
      frames,
      width,
      height,
      megapixels: megapixels(pixels * frames),
      max: megapixels(limits.image.maxAnimationPixels),
    });
  }
}

const unreadable = (type: AcceptedType) =>
  badRequest('media.unreadable', { type: type.slice(6).toUpperCase() });

export interface ImageEncoder {
  /**
   * Decides the type from the bytes, checks the dimensions from the header, then decodes and
   * re-encodes: orientation applied, every metadata block (EXIF, GPS, XMP, ICC) dropped, the
   * longest side at most limits.image.maxSide, WebP (animations stay animated). Throws an
   * AppError (415, 413 or 400) naming what is wrong.
   */
  encode(bytes: Buffer): Promise<EncodedImage>;
}

/** An encoder running at most `concurrency` decodes at once (default: one per core). */
export function createImageEncoder(
  options: { concurrency?: number; onError?: (error: unknown) => void } = {},
): ImageEncoder {
  const queue = pLimit(options.concurrency ?? availableParallelism());

  const encode = async (bytes: Buffer): Promise<EncodedImage> => {
    const type = await sniff(bytes);
    let header: Metadata;
    try {
      header = await sharp(bytes).metadata();
    } catch (error) {
      options.onError?.(error);
      throw unreadable(type);
    }
    if (header.format !== SHARP_FORMAT[type]) throw unreadable(type);
    const frames = header.pages ?? 1;
    const animated = frames > 1 && (type === 'image/gif' || type === 'image/webp');
    checkDimensions(header.width, header.pageHeight ?? header.height, animated ? frames : 1);

    try {
      const { data, info } = await sharp(bytes, {
        animated,
        autoOrient: !animated,
        // Belt and braces: libvips itself refuses more pixels than the checks above allow.
        limitInputPixels: animated ? limits.image.maxAnimationPixels : limits.image.maxPixels,
        // Any decoding warning (a truncated or corrupt file) is an error.
        failOn: 'warning',
      })
        .resize({
          width: limits.image.maxSide,
          height: limits.image.maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      return {
        data,
        hash: sha256(data),
        width: info.width,
        height: info.pageHeight ?? info.height,
      };
    } catch (error) {
      options.onError?.(error);
      throw unreadable(type);
    }
  };

  return { encode: (bytes) => queue(() => encode(bytes)) };
}
