-- The search documents that match a query and that a search may show: listed (not the official
-- blog's, not hidden), in the asked blog, with the asked tag and language, holding every phrase
-- and none of the excluded texts. The filter block of search_count and search_body_newest
-- (migration 0024), once: a SQL function of one SELECT with no SET, inlined into each statement
-- that reads from it as if the block were written there, so the plans stay as they were.
-- `not_in_head`, when given, leaves out the documents whose head (title, tags, problem, solution)
-- holds those words; it comes first, so the small head is looked at before the whole document.
CREATE FUNCTION "search_documents"(
  not_in_head tsquery, q tsquery, exclude_blog integer, blog integer, tag text, lang text,
  must_contain text[], must_not_contain text[]
) RETURNS SETOF "article_search" LANGUAGE sql STABLE AS $$
  SELECT s.* FROM article_search s
  WHERE (not_in_head IS NULL OR NOT (s.head @@ not_in_head))
    AND s.document @@ q AND s.blog_id <> exclude_blog AND NOT s.hidden
    AND (blog IS NULL OR s.blog_id = blog)
    AND (tag IS NULL AND lang IS NULL OR EXISTS (
      SELECT 1 FROM articles a WHERE a.id = s.article_id
        AND (tag IS NULL OR a.tags @> ARRAY[tag])
        AND (lang IS NULL OR lower(a.about) = lower(lang))))
    AND NOT EXISTS (SELECT 1 FROM unnest(must_contain) c WHERE strpos(lower(s.text), c) = 0)
    AND NOT EXISTS (SELECT 1 FROM unnest(must_not_contain) c WHERE strpos(lower(s.text), c) > 0)
$$;
--> statement-breakpoint
-- The matches of a search, up to `cap`, through the document index only (a bitmap of the
-- matches, read in the table's order and stopped at `cap`): how many there are up to the cap
-- and, when fewer, which — then a page is ranked from those alone, however large the corpus.
-- Without the index forced, a word estimated common but matching nothing (two words never
-- together) was a walk of every document newest first: 250 ms at 100,000 breakthroughs.
-- JIT is off in these functions: their costs grow with the table (a walk's plan is priced as
-- reading all of it), and past jit_above_cost PostgreSQL compiled each call with LLVM, 150–330
-- ms of CPU per request at 100,000 breakthroughs (the time-outs), for plans that run in 1 ms.
CREATE FUNCTION "search_matches"(
  q tsquery, exclude_blog integer, blog integer, tag text, lang text,
  must_contain text[], must_not_contain text[], cap integer
) RETURNS SETOF integer LANGUAGE sql STABLE SET enable_seqscan = off SET jit = off AS $$
  SELECT d.article_id FROM search_documents(NULL, q, exclude_blog, blog, tag, lang,
    must_contain, must_not_contain) d
  LIMIT cap
$$;
--> statement-breakpoint
-- search_matches counts as it did (the same plan) and also says which when fewer than the cap.
DROP FUNCTION "search_count"(tsquery, integer, integer, text, text, text[], text[], integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_body_newest"(
  words tsquery, q tsquery, exclude_blog integer, blog integer, tag text, lang text,
  must_contain text[], must_not_contain text[], n integer
) RETURNS SETOF integer LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_bitmapscan = off SET jit = off AS $$
  SELECT d.article_id FROM search_documents(words, q, exclude_blog, blog, tag, lang,
    must_contain, must_not_contain) d
  ORDER BY d.article_id DESC
  LIMIT n
$$;
--> statement-breakpoint
-- No parallel scans of the search table: a search's walks stop early (at the cap, at the page),
-- and under many searches at once the workers' start-up and the gathering cost more CPU than
-- they save (100,000 breakthroughs, one search at a time: 105 ms mean with, 70 ms without).
ALTER TABLE "article_search" SET (parallel_workers = 0);
