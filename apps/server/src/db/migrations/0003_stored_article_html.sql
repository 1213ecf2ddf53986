ALTER TABLE "articles" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "content_text" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "render_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_render_version_idx" ON "articles" USING btree ("render_version");