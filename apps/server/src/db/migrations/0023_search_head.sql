-- The title, tags, problem and solution of a breakthrough's search document (weights A–C),
-- alone and with their own index: a search ranks these matches first and reads whole documents
-- only through the index, so a common word costs what the page shows, not what the corpus holds.
ALTER TABLE "article_search" ADD COLUMN "head" tsvector GENERATED ALWAYS AS (ts_filter("document", '{a,b,c}')) STORED;
--> statement-breakpoint
CREATE INDEX "article_search_head_idx" ON "article_search" USING gin ("head");
