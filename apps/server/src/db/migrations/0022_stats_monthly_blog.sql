-- A blog's top breakthroughs of a period read the monthly rows of all its breakthroughs: by
-- breakthrough that is one index probe per breakthrough (109 probes, ~1,300 entries spread
-- over ~1,600 index pages for a blog of 109). With the blog on each row and an index by blog
-- and month that carries the rest, it is one range scan. A breakthrough never moves to another
-- blog, so the copy cannot go stale; the flush writes it from the same join it already makes.
ALTER TABLE "article_stats_monthly" ADD COLUMN "blog_id" integer;
--> statement-breakpoint
UPDATE "article_stats_monthly" m SET "blog_id" = a."blog_id" FROM "articles" a WHERE a."id" = m."article_id";
--> statement-breakpoint
ALTER TABLE "article_stats_monthly" ALTER COLUMN "blog_id" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "article_stats_monthly_blog_month_idx" ON "article_stats_monthly" ("blog_id","month") INCLUDE ("article_id","views","reads");
