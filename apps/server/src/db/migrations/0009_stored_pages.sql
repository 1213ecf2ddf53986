CREATE TABLE "stored_pages" (
	"path" text NOT NULL,
	"language" text NOT NULL,
	"build" text NOT NULL,
	"status" integer NOT NULL,
	"html" text NOT NULL,
	"state" text,
	"modules" text[] NOT NULL,
	"islands" text[] NOT NULL,
	"meta" text NOT NULL,
	"tags" text[] NOT NULL,
	"article_id" integer,
	"blog_id" integer,
	"watch" text NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_pages_path_language_pk" PRIMARY KEY("path","language")
);
--> statement-breakpoint
CREATE INDEX "stored_pages_tags_idx" ON "stored_pages" USING gin ("tags");