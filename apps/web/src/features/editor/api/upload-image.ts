import { MEDIA_UPLOAD_FIELD } from '@repolog/contract/constants';
import type { UploadedImage } from '@repolog/contract/media';
import { i18n, params } from '../../../i18n';
import {
  ApiError,
  answerError,
  REQUEST_TIMEOUT_MS,
  refreshAfterUnauthorized,
} from '../../../lib/api-client';

/** Why an upload failed, when the server did not say (read as it fails). */
const messages = i18n('uploadImage', {
  unreachable: 'The upload failed: the server could not be reached.',
  timeout: 'The upload took too long.',
  cancelled: 'The upload was cancelled.',
  failed: params('The upload failed ({status}).'),
  badAnswer: 'The server sent an unexpected answer.',
});

interface Sent {
  status: number;
  body: string;
}

export interface UploadOptions {
  /** Called as the bytes go out, with the fraction sent (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** One POST of the form; XMLHttpRequest because fetch cannot report upload progress. */
function send(file: File, options: UploadOptions): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new ApiError('network', messages.get().unreachable));
    xhr.ontimeout = () => reject(new ApiError('timeout', messages.get().timeout));
    xhr.onabort = () => reject(new ApiError('cancel', messages.get().cancelled));
    if (options.signal?.aborted) {
      reject(new ApiError('cancel', messages.get().cancelled));
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(MEDIA_UPLOAD_FIELD, file, file.name || 'image');
    xhr.send(form);
  });
}

/** The server's refusal, in the reader's language; a generic one when it said nothing. */
const refusal = (sent: Sent): ApiError => {
  try {
    const body = JSON.parse(sent.body) as { message?: unknown };
    if (typeof body.message === 'string') return answerError(sent.status, body);
  } catch {
    // not JSON (a proxy's error page): fall through
  }
  return new ApiError('bad_request', messages.get().failed({ status: sent.status }), sent.status);
};

/**
 * POST /api/media: stores an image and answers where it lives. A 401 is retried once after
 * refreshing the session, as every other call is.
 */
export async function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadedImage> {
  let sent = await send(file, options);
  if (sent.status === 401 && (await refreshAfterUnauthorized())) sent = await send(file, options);
  if (sent.status !== 200) throw refusal(sent);
  try {
    return JSON.parse(sent.body) as UploadedImage;
  } catch {
    throw new ApiError('bad_response', messages.get().badAnswer, sent.status);
  }
}
