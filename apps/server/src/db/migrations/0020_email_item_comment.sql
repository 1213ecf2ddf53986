-- A digest's comment item names its comment: a comment hidden or held after it was queued is
-- left out when the digest is put together, and a deleted one takes its item with it.
ALTER TABLE "email_items" ADD COLUMN "comment_id" integer;--> statement-breakpoint
ALTER TABLE "email_items" ADD CONSTRAINT "email_items_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_items_comment_id_idx" ON "email_items" USING btree ("comment_id") WHERE "email_items"."comment_id" IS NOT NULL;
