/**
 * mortgage_calculator_block (blocks.md §4, §9): thresholds, rates and defaults are block
 * params; `?price=&down_payment=&property_type=` in the page's URL win over the defaults.
 */

import { useEffect, useState } from "react";
import type { mortgageCalculatorBlock } from "../../../schema/blocks/forms";
import MortgageCalculator from "../../features/calculator/MortgageCalculator";
import { calculatorDefaultsFromQuery } from "../../features/calculator/query";
import { RichText } from "../../ui/RichText";
import type { BlockViewProps } from "../types";

export default function MortgageCalculatorBlock({ fields, params }: BlockViewProps<typeof mortgageCalculatorBlock>) {
  // A listing's payment estimate opens this page with its price and minimum down payment.
  // Read after hydration (blocks render outside a router in previews and tests); the calculator
  // starts again from those values (its key), as its fields keep their own state.
  const [fromQuery, setFromQuery] = useState<ReturnType<typeof calculatorDefaultsFromQuery>>({});
  useEffect(() => setFromQuery(calculatorDefaultsFromQuery(new URLSearchParams(window.location.search))), []);
  return (
    <section className="container section mortgage-calculator-block">
      <MortgageCalculator
        key={JSON.stringify(fromQuery)}
        showResult={fromQuery.price !== undefined}
        title={fields.main_title}
        intro={fields.description ? <RichText html={fields.description} /> : undefined}
        rules={{
          threshold_low: params.threshold_low,
          threshold_high: params.threshold_high,
          rate_low: params.rate_low,
          rate_mid: params.rate_mid,
          rate_high: params.rate_high,
          rate_commercial: params.rate_commercial,
        }}
        defaults={{
          price: params.default_price,
          down_payment: params.default_down_payment,
          interest_rate: params.default_interest_rate,
          amortization_period: Number(params.default_amortization),
          payment_frequency: params.default_frequency,
          property_type: params.default_property_type,
          ...fromQuery,
        }}
      />
    </section>
  );
}
