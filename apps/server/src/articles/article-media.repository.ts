import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles } from '../db/schema.js';
import { MEDIA_REFERENCE_SQL, type MediaReferenceSource } from '../media/media.public.js';

/** Breakthrough bodies as a source of image references, for the media clean-up. */
export function articleMediaReferences(db: Db): MediaReferenceSource {
  return {
    name: 'articles',
    async referenced(hashes) {
      if (hashes.length === 0) return new Set();
      // One pass over the bodies that link any stored image, whatever the number of hashes.
      const result = await db.execute(sql`
        select distinct found[1] as hash
        from ${articles}, regexp_matches(${articles.content}, ${MEDIA_REFERENCE_SQL}, 'g') as found
        where ${articles.content} like '%/media/%'
          and found[1] in (${sql.join(
            hashes.map((hash) => sql`${hash}`),
            sql`, `,
          )})`);
      // Both drivers shape execute() results alike ({ rows }).
      return new Set((result as { rows: { hash: string }[] }).rows.map((row) => row.hash));
    },
  };
}
