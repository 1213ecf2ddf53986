ALTER TABLE "blogs" ADD COLUMN "fav_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "blogs_fav_count_idx" ON "blogs" USING btree ("fav_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
UPDATE "blogs" SET "fav_count" = (SELECT count(*) FROM "favorites" WHERE "favorites"."blog_id" = "blogs"."id");
