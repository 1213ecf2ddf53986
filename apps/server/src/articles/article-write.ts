import type { Actor } from '@repolog/contract/permissions';
import { checkTags } from '@repolog/contract/tag-rules';
import { AppError, badRequest } from '../errors.js';
import type { StoredBody } from './article-body.js';
import {
  RenderError,
  RenderRefusedError,
  type RenderPool,
  type SearchInput,
} from './render-pool.js';

/** Keys of the contract's messages (@repolog/contract/messages). */
export const UNRENDERABLE = 'articles.unrenderable';
export const TOO_MANY_RENDERS = 'articles.tooManyRenders';
export const RENDERER_BUSY = 'articles.rendererBusy';

/** Tags as sent -> as stored; a tag outside the rules, or a fifth, is a 400 naming it. */
export function acceptedTags(sent: readonly string[]): string[] {
  const checked = checkTags(sent);
  if (checked.ok) return checked.tags;
  if (checked.reason === 'invalid') throw badRequest('tags.invalid', { tag: checked.tag });
  throw badRequest('tags.tooMany', { max: checked.max });
}

/**
 * A body -> what is stored with it (sanitized HTML, plain text, pipeline version), rendered
 * in the pool under the writer's name. The one place a body is rendered for a write: 400
 * when the body cannot be rendered, 429 when the writer has too many renders going, 503 when
 * the pool's queue is full.
 */
export function storageRenderer(renderPool: Pick<RenderPool, 'render'>) {
  return async (content: string, author: Actor, search?: SearchInput): Promise<StoredBody> => {
    try {
      return await renderPool.render(content, `user:${author.userId}`, search);
    } catch (error) {
      if (error instanceof RenderError) throw badRequest(UNRENDERABLE);
      if (error instanceof RenderRefusedError) {
        throw error.reason === 'owner'
          ? new AppError('rate_limited', TOO_MANY_RENDERS)
          : new AppError('service_unavailable', RENDERER_BUSY);
      }
      throw error;
    }
  };
}

/** A breakthrough's problem or solution: its title string and the repository item it names. */
export interface TitledRef {
  title: string | null;
  ref: string | null;
}

/**
 * The ref an edit leaves: the one sent (null clears it); left out (undefined), the stored one
 * while the title is unchanged, none once the title names something else. So a client that
 * knows only the title strings (the spec's) never erases a reference by editing.
 */
export function keptRef(
  sent: { title: string | null; ref: string | null | undefined },
  stored: TitledRef,
): string | null {
  if (sent.ref !== undefined) return sent.ref;
  return sent.title === stored.title ? stored.ref : null;
}
