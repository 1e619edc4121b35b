import { lineTotalCents, unitPriceFor } from '@torque/contract/pricing';
import { quantityRefusal, type CartLine, type CartLineProblem, type Part } from '@torque/contract';
import type { VisitorCartLine } from '@/lib/cart/visitor-cart.ts';

/**
 * A visitor's line as the cart shows it: the part as the public API has it, priced by the one
 * pricing function for a buyer with no price lists (the server prices it again at sign-in; the
 * visitor sees the public price, which is what a visitor pays), and the same problems the server
 * would flag, so the visitor can fix them before signing in.
 */
export function visitorLine(line: VisitorCartLine, part: Part): CartLine {
  const unit = unitPriceFor({ listPriceCents: Math.round(part.price * 100), priceBreaks: [] }, line.quantity);
  return {
    partId: part._id,
    partNumber: part.partNumber,
    brand: part.brand,
    name: part.name,
    img: part.img,
    quantity: line.quantity,
    unitPrice: unit.unitCents / 100,
    total: lineTotalCents(unit, line.quantity) / 100,
    minimunOrder: part.minimunOrder,
    available: part.available,
    problem: visitorProblem(line.quantity, part),
  };
}

function visitorProblem(quantity: number, part: Part): CartLineProblem | null {
  if (part.replacedBy) {
    return {
      code: 'SUPERSEDED',
      message: `This part is replaced by ${part.replacedBy.partNumber}.`,
      successor: part.replacedBy,
    };
  }
  const refusal = quantityRefusal(quantity, part);
  if (!refusal) return null;
  if (refusal.code === 'STOCK_OUT') return { code: 'UNAVAILABLE', message: refusal.message };
  return { code: refusal.code, message: refusal.message };
}
