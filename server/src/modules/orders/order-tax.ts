import type { TaxDecision } from '../../lib/tax-amounts.ts';

/** Where an order goes, as the tax rate is chosen: a country and (US states, Canadian provinces) a region. */
export interface TaxDestination {
  country: string;
  region: string | null;
}

/**
 * What placing an order asks of the tax module (issue 29), which registers it at start
 * (`app.orders.useTaxPolicy`): the rate and note for this buyer and destination (null: the spec's
 * free-text address, taxed as the seller's country). Orders imports no tax module; without a
 * policy nothing is taxed.
 */
export interface TaxPolicy {
  decide(buyer: { userId: string; email: string }, destination: TaxDestination | null): Promise<TaxDecision>;
}
