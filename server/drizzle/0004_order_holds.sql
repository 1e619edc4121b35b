ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_holding_pay_by_idx" ON "orders" USING btree ("pay_by") WHERE "orders"."paid_at" is null and "orders"."expired_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_or_expired" CHECK ("orders"."paid_at" is null or "orders"."expired_at" is null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_only_when_expired" CHECK ("orders"."refunded_at" is null or "orders"."expired_at" is not null);