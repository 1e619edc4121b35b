-- Quantity price breaks (issue 30, PRODUCT.md "Quantity price breaks"): a part's tiers above its
-- own price, as a JSON array of {minQuantity, priceCents} in increasing minQuantity (the contract's
-- price-break-rules.ts checks order and prices before a row is written; at most 10). A column of
-- the part rather than a table: the breaks are read and written only whole and with the part, so
-- every read of a part (the catalogue, search, the by-number statement, the cart, checkout's
-- locked row) has them with no join, the part's edit version guards them, and checkout compares
-- them under the part's row lock like its price. Parts that exist have none.
ALTER TABLE "parts" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_price_breaks_list" CHECK (jsonb_typeof("parts"."price_breaks") = 'array' and jsonb_array_length("parts"."price_breaks") <= 10);
