CREATE TABLE "article_stats_daily" (
	"article_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	"bot_views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_stats_daily_article_id_day_pk" PRIMARY KEY("article_id","day")
);
--> statement-breakpoint
CREATE TABLE "blog_stats_daily" (
	"blog_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	"bot_views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_stats_daily_blog_id_day_pk" PRIMARY KEY("blog_id","day")
);
--> statement-breakpoint
CREATE TABLE "article_referrers_daily" (
	"article_id" integer NOT NULL,
	"day" date NOT NULL,
	"domain" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_referrers_daily_article_id_day_domain_pk" PRIMARY KEY("article_id","day","domain")
);
--> statement-breakpoint
CREATE TABLE "blog_referrers_daily" (
	"blog_id" integer NOT NULL,
	"day" date NOT NULL,
	"domain" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_referrers_daily_blog_id_day_domain_pk" PRIMARY KEY("blog_id","day","domain")
);
--> statement-breakpoint
ALTER TABLE "article_stats_daily" ADD CONSTRAINT "article_stats_daily_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "blog_stats_daily" ADD CONSTRAINT "blog_stats_daily_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "article_referrers_daily" ADD CONSTRAINT "article_referrers_daily_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "blog_referrers_daily" ADD CONSTRAINT "blog_referrers_daily_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "comments_article_created_idx" ON "comments" USING btree ("article_id","created_at");
