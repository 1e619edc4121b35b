import { z } from 'zod';
import { id, money, text, wholeNumber } from './common.ts';

/** Where a part's picture lives: a path on this site or an https link (PRODUCT.md §2 "Image Link"). */
const imageLink = text('Image Link', 500).refine(
  (v) => /^\/[\w\-./]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v),
  'Image Link must be an https:// link or a path on this site',
);

export const part = z.object({
  _id: id,
  name: z.string(),
  des: z.string(),
  img: z.string(),
  minimunOrder: z.number().int(),
  available: z.number().int(),
  price: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Part = z.infer<typeof part>;

/** Body of `POST /api/parts` (admin). Field names are PRODUCT.md §3's, typo included. */
export const partInput = z.object({
  name: text('Name', 120),
  des: text('Description', 2000),
  img: imageLink,
  minimunOrder: wholeNumber('Minimum order', 1),
  available: wholeNumber('Available quantity', 0),
  price: money('Price'),
});
export type PartInput = z.input<typeof partInput>;

/** Body of `PUT /api/parts/:id` (admin): any subset of the part's fields. */
export const partUpdate = partInput.partial().refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type PartUpdate = z.input<typeof partUpdate>;

export const partIdParams = z.object({ id });
