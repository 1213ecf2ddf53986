ALTER TABLE "stored_pages" ADD COLUMN "read_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "stored_pages_read_at_idx" ON "stored_pages" USING btree ("read_at");
