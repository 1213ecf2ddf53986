-- Whether the GitHub account had any public repository or gist when it last signed in (null:
-- not known). An account without any is limited like a new one (README "Moderation and safety").
ALTER TABLE "users" ADD COLUMN "github_public_activity" boolean;--> statement-breakpoint
-- A comment's notification names its comment: it goes away while the comment is hidden or held.
ALTER TABLE "notifications" ADD COLUMN "comment_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_comment_id_idx" ON "notifications" USING btree ("comment_id") WHERE "notifications"."comment_id" IS NOT NULL;--> statement-breakpoint
-- articles.comment_count counts what readers see: comments neither held nor hidden. Adding,
-- removing, hiding, holding, approving and restoring move it in the statement that does it.
CREATE OR REPLACE FUNCTION "articles_comment_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "articles" a SET "comment_count" = a."comment_count" + c."n"
  FROM (SELECT "article_id", count(*)::int AS "n" FROM "added_comments"
        WHERE "hidden_at" IS NULL AND "held" IS NULL GROUP BY "article_id") c
  WHERE a."id" = c."article_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "articles_comment_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "articles" a SET "comment_count" = greatest(a."comment_count" - c."n", 0)
  FROM (SELECT "article_id", count(*)::int AS "n" FROM "removed_comments"
        WHERE "hidden_at" IS NULL AND "held" IS NULL GROUP BY "article_id") c
  WHERE a."id" = c."article_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "articles_comment_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "articles" a SET "comment_count" = greatest(a."comment_count" + c."n", 0)
  FROM (
    SELECT n."article_id",
           sum((n."hidden_at" IS NULL AND n."held" IS NULL)::int
             - (o."hidden_at" IS NULL AND o."held" IS NULL)::int)::int AS "n"
    FROM "changed_new" n JOIN "changed_old" o ON o."id" = n."id"
    GROUP BY n."article_id"
  ) c
  WHERE a."id" = c."article_id" AND c."n" <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comments_count_changed" AFTER UPDATE ON "comments" REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "articles_comment_count_changed"();--> statement-breakpoint
UPDATE "articles" a SET "comment_count" = coalesce(c."n", 0)
FROM "articles" x LEFT JOIN (SELECT "article_id", count(*)::int AS "n" FROM "comments"
  WHERE "hidden_at" IS NULL AND "held" IS NULL GROUP BY "article_id") c ON c."article_id" = x."id"
WHERE a."id" = x."id" AND a."comment_count" <> coalesce(c."n", 0);
