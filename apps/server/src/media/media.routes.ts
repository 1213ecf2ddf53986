import { MEDIA_UPLOAD_FIELD } from '@repolog/contract/constants';
import { limits } from '@repolog/contract/limits';
import { mediaFileParamsSchema, uploadedImageSchema } from '@repolog/contract/media';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import { AppError, badRequest } from '../errors.js';
import type { MediaService } from './media.service.js';

const TOO_LARGE = ['media.tooLarge', { max: limits.image.maxBytes / 1024 / 1024 }] as const;
const NOT_MULTIPART = ['media.notMultipart', { field: MEDIA_UPLOAD_FIELD }] as const;
/** Room for the multipart boundaries and part headers around the file. */
const ENVELOPE_BYTES = 64 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The multipart parser's refusals, reworded so the writer knows what to change. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', ...TOO_LARGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', ...NOT_MULTIPART);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('media.oneImage', { field: MEDIA_UPLOAD_FIELD });
    default:
      // busboy: "Unexpected end of form", "Malformed part header", …
      return error instanceof AppError ? error : badRequest('media.cutOff');
  }
}

/** Reads the one image of a multipart upload into memory, refusing it past the size limit. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > limits.image.maxBytes + ENVELOPE_BYTES) {
    throw new AppError('payload_too_large', ...TOO_LARGE);
  }
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', ...NOT_MULTIPART);
  try {
    const part = await request.file({
      limits: { fileSize: limits.image.maxBytes, files: 1, fields: 0, parts: 1 },
    });
    if (!part || part.fieldname !== MEDIA_UPLOAD_FIELD) {
      throw badRequest('media.noImage', { field: MEDIA_UPLOAD_FIELD });
    }
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw badRequest('media.empty');
    return bytes;
  } catch (error) {
    throw uploadError(error);
  }
}

/** POST /api/media (upload) and GET /media/{hash}.webp (the stored image). */
export function registerMediaRoutes(app: FastifyInstance, media: MediaService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  signedInRoutes(app, (s) => {
    s.post(
      '/api/media',
      { schema: { response: { 200: uploadedImageSchema } } },
      async (request) => {
        const actor = requireActor(request);
        await media.checkAllowance(actor);
        return media.upload(actor, await readImage(request));
      },
    );
  });

  r.get('/media/:file', { schema: { params: mediaFileParamsSchema } }, async (request, reply) => {
    const image = await media.find(request.params.file);
    if (image.redirect !== undefined) {
      // The address may move (another CDN): browsers keep the redirect a day, not forever.
      return reply.header('Cache-Control', 'public, max-age=86400').redirect(image.redirect, 302);
    }
    const etag = `"${image.hash}"`;
    void reply
      .header('Cache-Control', IMMUTABLE)
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff');
    const asked = request.headers['if-none-match'];
    if (
      asked &&
      (asked === '*' || asked.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === etag))
    ) {
      return reply.status(304).send();
    }
    return reply.type(image.contentType).send(image.data);
  });
}
