import { ACCEPTED_IMAGE_TYPES } from '@repolog/contract/constants';
import { limits } from '@repolog/contract/limits';
import { i18n, params } from '../../../i18n';

const messages = i18n('imageMarkdown', {
  /** Stands for a file without a name. */
  theImage: 'The image',
  thisFile: 'This file',
  tooLarge: params('{name} is larger than {mb} MB, the most an upload may be.'),
  notImage: params('{name} is not a PNG, JPEG, GIF, WebP or AVIF image.'),
});

/** Markdown has no room for brackets or line breaks in alt text; the extension says nothing. */
export function altTextOf(fileName: string): string {
  const base = fileName
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[[\]\\\r\n]+/g, ' ')
    .trim();
  return base || 'image';
}

/** The markdown of a stored image. */
export const imageMarkdown = (alt: string, url: string) => `![${altTextOf(alt)}](${url})`;

/**
 * The files of a paste or drop that should become uploads: images only, and none when the
 * clipboard also holds plain text (a copied spreadsheet range is also offered as a picture;
 * the writer meant the text).
 */
export function imageFilesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = Array.from(data.files).filter((file) => file.type.startsWith('image/'));
  if (files.length > 0 && data.types.includes('text/plain')) return [];
  return files;
}

/** Why a file cannot be uploaded before it is sent, or null (the server has the last word). */
export function refusalOf(file: File): string | null {
  const t = messages.get();
  if (file.size > limits.image.maxBytes) {
    return t.tooLarge({
      name: file.name || t.theImage,
      mb: limits.image.maxBytes / 1024 / 1024,
    });
  }
  if (file.type && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return t.notImage({ name: file.name || t.thisFile });
  }
  return null;
}
