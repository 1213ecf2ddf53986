import { z } from 'zod';
import { fieldSays } from './validation';

/** A stored image's name: the SHA-256 (hex) of its WebP bytes. */
export const mediaHashSchema = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * POST /api/media (multipart/form-data, the image in the field `file`): the stored image.
 * `url` is what a body's markdown links to; width and height are of the stored image.
 */
export const uploadedImageSchema = z.object({
  hash: mediaHashSchema,
  url: z.string(),
  contentType: z.literal('image/webp'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Bytes stored (the WebP). */
  size: z.number().int().positive(),
  /** False when the same file had been uploaded before (nothing new was stored). */
  created: z.boolean(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** GET /media/{file}: `file` is "{hash}.webp". */
export const mediaFileParamsSchema = z.object({
  file: z.string().max(100, fieldSays('file', 'tooLong', { max: 100 })),
});
