DROP INDEX "articles_about_lower_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "content_text" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "render_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_render_version_idx" ON "articles" USING btree ("render_version");--> statement-breakpoint
-- INCLUDE (blog_id) by hand (drizzle-kit cannot express it): the breakthrough lists read these
-- indexes alone, newest first, leaving out the official blog without visiting the table.
CREATE INDEX "articles_about_lower_idx" ON "articles" USING btree (lower("about"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("blog_id");--> statement-breakpoint
DROP INDEX "articles_created_idx";--> statement-breakpoint
CREATE INDEX "articles_created_idx" ON "articles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("blog_id");
