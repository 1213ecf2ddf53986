ALTER TABLE "articles" ADD COLUMN "problem_ref" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "solution_ref" text;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "problem_ref" text;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "solution_ref" text;
