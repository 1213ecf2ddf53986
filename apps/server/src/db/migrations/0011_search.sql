ALTER TABLE "articles" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_tags_idx" ON "articles" USING gin ("tags");--> statement-breakpoint
CREATE TABLE "article_search" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"document" tsvector NOT NULL,
	"text" text NOT NULL,
	"analyzer_version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_search" ADD CONSTRAINT "article_search_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_search_document_idx" ON "article_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "article_search_version_idx" ON "article_search" USING btree ("analyzer_version");
