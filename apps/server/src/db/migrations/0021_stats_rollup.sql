-- The dashboards read the aggregates by index alone: each primary key carries the counts
-- (INCLUDE, by hand: drizzle-kit cannot express it), so a year of one blog's rows is read from
-- the index in key order instead of one heap block per row (rows of one breakthrough are spread
-- over the table: every flush appends the day's rows of many breakthroughs). One index per
-- table still, so a flush writes no more index entries than before.
ALTER TABLE "article_stats_daily" DROP CONSTRAINT "article_stats_daily_article_id_day_pk",
	ADD CONSTRAINT "article_stats_daily_article_id_day_pk" PRIMARY KEY ("article_id","day") INCLUDE ("views","reads","bot_views");
--> statement-breakpoint
ALTER TABLE "blog_stats_daily" DROP CONSTRAINT "blog_stats_daily_blog_id_day_pk",
	ADD CONSTRAINT "blog_stats_daily_blog_id_day_pk" PRIMARY KEY ("blog_id","day") INCLUDE ("views","reads","bot_views");
--> statement-breakpoint
ALTER TABLE "article_referrers_daily" DROP CONSTRAINT "article_referrers_daily_article_id_day_domain_pk",
	ADD CONSTRAINT "article_referrers_daily_article_id_day_domain_pk" PRIMARY KEY ("article_id","day","domain") INCLUDE ("views");
--> statement-breakpoint
ALTER TABLE "blog_referrers_daily" DROP CONSTRAINT "blog_referrers_daily_blog_id_day_domain_pk",
	ADD CONSTRAINT "blog_referrers_daily_blog_id_day_domain_pk" PRIMARY KEY ("blog_id","day","domain") INCLUDE ("views");
--> statement-breakpoint
-- Views and reads per breakthrough and calendar month (UTC), added to by the same statement of
-- the same flush as the daily rows: a blog's top breakthroughs of a year sum 12 months and the
-- days of the partial month at the period's start, not 365 days per breakthrough.
CREATE TABLE "article_stats_monthly" (
	"article_id" integer NOT NULL,
	"month" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_stats_monthly_article_id_month_pk" PRIMARY KEY ("article_id","month") INCLUDE ("views","reads")
);
--> statement-breakpoint
ALTER TABLE "article_stats_monthly" ADD CONSTRAINT "article_stats_monthly_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "article_stats_monthly" ("article_id", "month", "views", "reads")
SELECT "article_id", date_trunc('month', "day")::date, sum("views"), sum("reads")
FROM "article_stats_daily" GROUP BY 1, 2;
