import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articleRevisions, articles } from '../db/schema.js';
import { MEDIA_REFERENCE_SQL, type MediaReferenceSource } from '../media/media.public.js';

/**
 * Breakthrough bodies and their revisions as a source of image references, for the media
 * clean-up: an image a past revision shows stays, so restoring that revision brings it back.
 */
export function articleMediaReferences(db: Db): MediaReferenceSource {
  return {
    name: 'articles',
    async referenced(hashes) {
      if (hashes.length === 0) return new Set();
      const wanted = sql.join(
        hashes.map((hash) => sql`${hash}`),
        sql`, `,
      );
      // One pass over the bodies that link any stored image, whatever the number of hashes.
      const result = await db.execute(sql`
        select distinct found[1] as hash
        from (
          select ${articles.content} as body from ${articles} where ${articles.content} like '%/media/%'
          union all
          select ${articleRevisions.content} from ${articleRevisions} where ${articleRevisions.content} like '%/media/%'
        ) as bodies, regexp_matches(bodies.body, ${MEDIA_REFERENCE_SQL}, 'g') as found
        where found[1] in (${wanted})`);
      // Both drivers shape execute() results alike ({ rows }).
      return new Set((result as { rows: { hash: string }[] }).rows.map((row) => row.hash));
    },
  };
}
