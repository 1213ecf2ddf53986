-- Whether a search document is listed, kept on the document itself: its blog and whether a
-- moderator hid it, copied from the article when the document is written and again by every
-- write that changes either (the triggers below, in the same transaction). A search's count then
-- reads the document index and these columns alone, without the article row of each match.
ALTER TABLE "article_search" ADD COLUMN "blog_id" integer;
--> statement-breakpoint
ALTER TABLE "article_search" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "article_search" s SET "blog_id" = a."blog_id", "hidden" = a."hidden_at" IS NOT NULL
FROM "articles" a WHERE a."id" = s."article_id";
--> statement-breakpoint
CREATE FUNCTION "article_search_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.blog_id, a.hidden_at IS NOT NULL INTO NEW.blog_id, NEW.hidden
  FROM articles a WHERE a.id = NEW.article_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "article_search_listing" BEFORE INSERT ON "article_search"
FOR EACH ROW EXECUTE FUNCTION "article_search_listing"();
--> statement-breakpoint
CREATE FUNCTION "articles_search_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE article_search SET blog_id = NEW.blog_id, hidden = NEW.hidden_at IS NOT NULL
  WHERE article_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "articles_search_listing" AFTER UPDATE OF "blog_id", "hidden_at" ON "articles"
FOR EACH ROW WHEN (OLD.blog_id IS DISTINCT FROM NEW.blog_id OR (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL))
EXECUTE FUNCTION "articles_search_listing"();
--> statement-breakpoint
-- A search's count and its newest body matches, each planned the way that stays bounded by the
-- page and the cap rather than by the corpus. The planner prices neither unpacking a stored
-- (TOASTed) search document nor rechecking a phrase, so with the query's words in view it
-- picked, for a common word, a scan that unpacks every document it passes, and for a phrase,
-- the index with a recheck of every match. These functions carry their own planner settings
-- (a function's SET needs no transaction, so the read pool can run them):
-- search_count reads the matches through the index (a word needs no document unpacked; a
-- phrase rechecks at most `cap` of them) and stops at `cap`;
-- search_body_newest walks the breakthroughs newest first and stops at `n`, for a phrase that
-- matches a large share of the corpus.
CREATE FUNCTION "search_count"(
  q tsquery, exclude_blog integer, blog integer, tag text, lang text,
  must_contain text[], must_not_contain text[], cap integer
) RETURNS integer LANGUAGE sql STABLE SET enable_seqscan = off AS $$
  SELECT count(*)::integer FROM (
    SELECT 1 FROM article_search s
    WHERE s.document @@ q AND s.blog_id <> exclude_blog AND NOT s.hidden
      AND (blog IS NULL OR s.blog_id = blog)
      AND (tag IS NULL AND lang IS NULL OR EXISTS (
        SELECT 1 FROM articles a WHERE a.id = s.article_id
          AND (tag IS NULL OR a.tags @> ARRAY[tag])
          AND (lang IS NULL OR lower(a.about) = lower(lang))))
      AND NOT EXISTS (SELECT 1 FROM unnest(must_contain) c WHERE strpos(lower(s.text), c) = 0)
      AND NOT EXISTS (SELECT 1 FROM unnest(must_not_contain) c WHERE strpos(lower(s.text), c) > 0)
    LIMIT cap
  ) matched
$$;
--> statement-breakpoint
CREATE FUNCTION "search_body_newest"(
  words tsquery, q tsquery, exclude_blog integer, blog integer, tag text, lang text,
  must_contain text[], must_not_contain text[], n integer
) RETURNS SETOF integer LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_bitmapscan = off AS $$
  SELECT s.article_id FROM article_search s
  WHERE NOT (s.head @@ words) AND s.document @@ q AND s.blog_id <> exclude_blog AND NOT s.hidden
    AND (blog IS NULL OR s.blog_id = blog)
    AND (tag IS NULL AND lang IS NULL OR EXISTS (
      SELECT 1 FROM articles a WHERE a.id = s.article_id
        AND (tag IS NULL OR a.tags @> ARRAY[tag])
        AND (lang IS NULL OR lower(a.about) = lower(lang))))
    AND NOT EXISTS (SELECT 1 FROM unnest(must_contain) c WHERE strpos(lower(s.text), c) = 0)
    AND NOT EXISTS (SELECT 1 FROM unnest(must_not_contain) c WHERE strpos(lower(s.text), c) > 0)
  ORDER BY s.article_id DESC
  LIMIT n
$$;
