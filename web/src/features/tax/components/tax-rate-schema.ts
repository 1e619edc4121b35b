import { taxRateInput } from '@torque/contract';
import { z } from 'zod';

/**
 * The contract's `taxRateInput` for a form, whose inputs are text: the rate is converted to a
 * number first (empty or not a number gets the contract's own message), the rest is the
 * contract's, so the form and the server reject the same input with the same message.
 */
export const taxRateFormSchema = taxRateInput.extend({
  rate: z
    .string()
    .trim()
    .transform((text) => (text === '' ? Number.NaN : Number(text.replace(',', '.'))))
    .pipe(taxRateInput.shape.rate),
});

export type TaxRateFormValues = z.input<typeof taxRateFormSchema>;

export const emptyTaxRate = (): TaxRateFormValues => ({ country: '', region: '', rate: '', name: '' });
