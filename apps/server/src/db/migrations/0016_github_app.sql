CREATE TABLE "github_installations" (
	"id" bigint PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repo_connections" (
	"repo_key" text PRIMARY KEY NOT NULL,
	"installation_id" bigint NOT NULL,
	"connected" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "repo_connections_installation_idx" ON "repo_connections" USING btree ("installation_id");
--> statement-breakpoint
CREATE TABLE "github_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "github_deliveries_received_idx" ON "github_deliveries" USING btree ("received_at");
--> statement-breakpoint
CREATE TABLE "blog_repo_settings" (
	"blog_id" integer PRIMARY KEY NOT NULL,
	"merged_pull_drafts" boolean DEFAULT true NOT NULL,
	"close_loop" boolean DEFAULT false NOT NULL,
	CONSTRAINT "blog_repo_settings_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE "pull_drafts" (
	"blog_id" integer NOT NULL,
	"pull_number" integer NOT NULL,
	"draft_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pull_drafts_blog_id_pull_number_pk" PRIMARY KEY("blog_id","pull_number"),
	CONSTRAINT "pull_drafts_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "pull_drafts_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "pull_drafts_draft_id_idx" ON "pull_drafts" USING btree ("draft_id");
--> statement-breakpoint
CREATE TABLE "loop_comments" (
	"article_id" integer NOT NULL,
	"item_number" integer NOT NULL,
	"repo_key" text NOT NULL,
	"comment_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loop_comments_article_id_item_number_pk" PRIMARY KEY("article_id","item_number")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "draft_id" integer;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "pull_number" integer;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "notifications_draft_id_idx" ON "notifications" USING btree ("draft_id");
