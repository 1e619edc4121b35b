-- The order machine's full refund (paid → refunded, modules/orders/order-states.ts): a refunded
-- order is one whose payment came after its expiry, or a paid one the shop gave the money back for.
ALTER TABLE "orders" DROP CONSTRAINT "orders_refunded_only_when_expired";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_only_when_expired_or_paid" CHECK ("orders"."refunded_at" is null or "orders"."expired_at" is not null or "orders"."paid_at" is not null);