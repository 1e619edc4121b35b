-- Every screen agrees (issue 30, PRODUCT.md §25): each order line keeps, beside the unit price it
-- was sold at, the public price for its quantity at that moment (the part's price or the break
-- the quantity reached: what a visitor paid then), so the order, the payment page, the invoice and
-- the e-mails show a price-list buyer "Your price" with the list price struck through, from the
-- order alone, whatever the part's price is later. Null for lines placed before this migration.
ALTER TABLE "order_lines" ADD COLUMN "public_unit_price_cents" integer;
