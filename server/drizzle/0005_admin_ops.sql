-- Admin operations (issue 18): the contact inbox's handled mark, and the indexes of the paged,
-- searched admin lists (keyset order + trigram indexes for `lower(column) LIKE '%q%'`).
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_created_at_id" ON "contact_messages" ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_created_at_id" ON "orders" ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_email_trgm" ON "orders" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_name_trgm" ON "orders" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_created_at_id" ON "user" ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_trgm" ON "user" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_trgm" ON "user" USING gin (lower("email") gin_trgm_ops);
