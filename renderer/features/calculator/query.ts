/**
 * The calculator page's query (a listing's "Ouvrir la calculatrice avec ces montants"):
 * `price`, `down_payment` and `property_type`, parsed with zod/mini. A value out of range or
 * malformed is ignored (the block's defaults stay), never an error for the visitor.
 */
import * as z from "zod/mini";
import type { CalculatorDefaults } from "./MortgageCalculator";

const amount = z.pipe(
  z.string().check(z.regex(/^\d{1,10}(\.\d{1,2})?$/)),
  z.transform((s) => Number(s)),
);
const querySchema = z.object({
  price: z.optional(z.catch(z.optional(amount), undefined)),
  down_payment: z.optional(z.catch(z.optional(amount), undefined)),
  property_type: z.optional(z.catch(z.optional(z.enum(["residential", "commercial"])), undefined)),
});

export function calculatorDefaultsFromQuery(params: URLSearchParams): Partial<CalculatorDefaults> {
  const parsed = querySchema.safeParse({
    price: params.get("price") ?? undefined,
    down_payment: params.get("down_payment") ?? undefined,
    property_type: params.get("property_type") ?? undefined,
  });
  if (!parsed.success) return {};
  const { price, down_payment, property_type } = parsed.data;
  const out: Partial<CalculatorDefaults> = {};
  if (price !== undefined && price > 0) out.price = price;
  // A down payment above the price is ignored: the calculator would open on an error.
  if (down_payment !== undefined && (out.price === undefined || down_payment <= out.price)) {
    out.down_payment = down_payment;
  }
  if (property_type) out.property_type = property_type;
  return out;
}
