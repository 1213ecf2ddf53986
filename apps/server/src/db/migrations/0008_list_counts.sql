DROP INDEX "articles_like_count_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- INCLUDE (blog_id) by hand (drizzle-kit cannot express it): the breakthrough list sorted by
-- likes reads this index alone, leaving out the official blog without visiting the table.
CREATE INDEX "articles_like_count_idx" ON "articles" USING btree ("like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("blog_id");--> statement-breakpoint
UPDATE "articles" SET "comment_count" = c."n" FROM (SELECT "article_id", count(*)::int AS "n" FROM "comments" GROUP BY "article_id") c WHERE "articles"."id" = c."article_id";--> statement-breakpoint
-- articles.comment_count follows the comment rows in the statement that adds or removes them,
-- whatever runs it (the comments feature, an account deletion's cascade, a bulk seed): one
-- grouped UPDATE per statement, not one per row.
CREATE FUNCTION "articles_comment_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "articles" a SET "comment_count" = a."comment_count" + c."n"
  FROM (SELECT "article_id", count(*)::int AS "n" FROM "added_comments" GROUP BY "article_id") c
  WHERE a."id" = c."article_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "articles_comment_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "articles" a SET "comment_count" = greatest(a."comment_count" - c."n", 0)
  FROM (SELECT "article_id", count(*)::int AS "n" FROM "removed_comments" GROUP BY "article_id") c
  WHERE a."id" = c."article_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comments_count_added" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS "added_comments" FOR EACH STATEMENT EXECUTE FUNCTION "articles_comment_count_added"();--> statement-breakpoint
CREATE TRIGGER "comments_count_removed" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS "removed_comments" FOR EACH STATEMENT EXECUTE FUNCTION "articles_comment_count_removed"();
