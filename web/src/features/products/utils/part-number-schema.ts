import { partInput, priceBreakProblems, type PriceBreakDollars } from '@torque/contract';
import { z } from 'zod';

/** An empty text field as "not given" (the form's fields are always strings). */
const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The quantity breaks against the price (PRODUCT.md "Quantity price breaks"): the server's rule
 * (contract price-break-rules.ts), each message under its row's field.
 */
function breaksFitPrice(value: { price: number; priceBreaks?: PriceBreakDollars[] | undefined }, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(priceBreakProblems(value.price, value.priceBreaks ?? []))) {
    const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    ctx.addIssue({ code: 'custom', path, message });
  }
}

/**
 * Add Product (PRODUCT.md §17): a part number, brand or successor left empty is the server's to
 * decide (the next number of the shop's series, the shop's own brand, a current part).
 */
/** The form requires the weight (PRODUCT.md §20); only an API call may leave it to the default. */
const weightGrams = z
  .union([z.number(), z.string()], { message: 'Weight is required' })
  .refine((v) => String(v).trim() !== '', 'Weight is required')
  .pipe(partInput.shape.weightGrams.unwrap());

export const addProductSchema = partInput
  .extend({
    weightGrams,
    partNumber: z.preprocess(blank, partInput.shape.partNumber),
    brand: z.preprocess(blank, partInput.shape.brand),
    replacedBy: z.preprocess(blank, partInput.shape.replacedBy),
  })
  .superRefine(breaksFitPrice);

/**
 * Edit (everything but stock): an empty number or brand keeps what the part has; an empty
 * "Replaced by" makes the part current again (null).
 */
export const editProductSchema = partInput
  .omit({ available: true })
  .extend({
    weightGrams,
    partNumber: z.preprocess(blank, partInput.shape.partNumber),
    brand: z.preprocess(blank, partInput.shape.brand),
    replacedBy: z.preprocess((value) => blank(value) ?? null, partInput.shape.replacedBy),
  })
  .superRefine(breaksFitPrice);
