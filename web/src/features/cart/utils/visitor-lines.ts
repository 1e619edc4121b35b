import { quantityRefusal } from '@torque/contract/quantity-rule';
import type { CartLine, CartLineProblem, Part } from '@torque/contract';
import type { VisitorCartLine } from '@/lib/cart/visitor-cart.ts';
import { previewUnitPrice } from '@/lib/price-tiers.ts';

/**
 * A visitor's line as the cart shows it: the part as the public API has it, at the public price
 * for its quantity (its quantity break, by the one pricing function: what a visitor pays; the
 * server prices the line again at sign-in), its total in whole cents, and the problems the
 * server would flag, so the visitor can fix them first.
 */
export function visitorLine(line: VisitorCartLine, part: Part): CartLine {
  const { unitCents } = previewUnitPrice(part, line.quantity);
  return {
    partId: part._id,
    partNumber: part.partNumber,
    brand: part.brand,
    name: part.name,
    img: part.img,
    quantity: line.quantity,
    unitPrice: unitCents / 100,
    total: (unitCents * line.quantity) / 100,
    minimunOrder: part.minimunOrder,
    available: part.available,
    problem: visitorProblem(line.quantity, part),
  };
}

function visitorProblem(quantity: number, part: Part): CartLineProblem | null {
  if (part.replacedBy) {
    return {
      code: 'SUPERSEDED',
      message: `This part is replaced by ${part.replacedBy.partNumber}`,
      successor: part.replacedBy,
    };
  }
  const refusal = quantityRefusal(quantity, part);
  if (!refusal) return null;
  if (refusal.code === 'STOCK_OUT') return { code: 'UNAVAILABLE', message: refusal.message };
  return { code: refusal.code, message: refusal.message };
}
