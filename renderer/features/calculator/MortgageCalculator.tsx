/**
 * Mortgage calculator (site.md §3, §4, §5, §9): property type, price and down
 * payment (grouped digits), down-payment percentage (2 decimals), loan amount (never
 * below 0), interest rate (0–100, step 0.01), amortization and frequency. The minimum
 * down payment shows as a danger message and "Down payment too high" as an alert;
 * either, or a rate that is not a number from 0 to 100, disables Calculate. Rates and
 * percentages take the locale's decimal comma ("4,79") and show in its format. The payment
 * shows once Calculate is pressed, or at once when the page opens with amounts (a listing's
 * estimate), as CAD with 2 decimals in the visitor's locale; it then follows every change.
 */
// Their messages load with them (renderer/messages).
import "../../messages/calculator";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSite } from "../../lib/site";
import { RadioGroupField, SelectField, TextField } from "../forms/fields";
import { formatAmount, maskAmount, parseAmount } from "../forms/masks";
import { useHydrated } from "../forms/useHydrated";
import {
  AMORTIZATION_PERIODS,
  DEFAULT_DOWN_PAYMENT_RULES,
  type DownPaymentRules,
  downPaymentPercentage,
  formatCurrency,
  formatDecimal,
  loanAmount,
  minimumDownPayment,
  PAYMENT_FREQUENCIES,
  type PaymentFrequency,
  type PropertyKind,
  parseDecimal,
  payment,
} from "./mortgage";
import "../forms/forms.css";
import { useHeadingTag } from "../../ui/heading-shift";

export interface CalculatorDefaults {
  price?: number;
  down_payment?: number;
  /** Percent, e.g. 5.5. */
  interest_rate: number;
  amortization_period: number;
  payment_frequency: PaymentFrequency;
  property_type: PropertyKind;
}

export interface MortgageCalculatorProps {
  title?: string;
  intro?: ReactNode;
  rules?: DownPaymentRules;
  defaults?: Partial<CalculatorDefaults>;
  headingLevel?: 2 | 3;
  /** Opened with amounts to estimate (a listing's link): the result shows without pressing Calculate. */
  showResult?: boolean;
}

export default function MortgageCalculator(props: MortgageCalculatorProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const uid = useId();
  const rules = props.rules ?? DEFAULT_DOWN_PAYMENT_RULES;
  const d = props.defaults ?? {};
  const [type, setType] = useState<PropertyKind>(d.property_type ?? "residential");
  const [price, setPrice] = useState<number | null>(d.price ?? null);
  const [down, setDown] = useState<number | null>(d.down_payment ?? null);
  const [percentText, setPercentText] = useState<string | null>(null);
  const [rateText, setRateText] = useState(formatDecimal(d.interest_rate ?? 5.5, locale));
  const [years, setYears] = useState(String(d.amortization_period ?? 25));
  const [frequency, setFrequency] = useState<PaymentFrequency>(d.payment_frequency ?? "monthly");
  // Calculate pressed once (or amounts given): from then on the result follows the fields.
  const [calculated, setCalculated] = useState(Boolean(props.showResult));
  const hydrated = useHydrated();

  const priceValue = price ?? 0;
  const downValue = down ?? 0;
  const minimum = minimumDownPayment(priceValue, type, rules);
  const tooHigh = downValue > priceValue && downValue > 0;
  const belowMinimum = priceValue > 0 && !tooHigh && downValue < minimum;
  const rate = parseDecimal(rateText);
  const rateInvalid = !Number.isFinite(rate) || rate < 0 || rate > 100;
  const loan = loanAmount(priceValue, downValue);
  const canCalculate = !belowMinimum && !tooHigh && !rateInvalid && priceValue > 0;
  const percent = percentText ?? downPaymentPercentage(priceValue, downValue, locale);
  const result =
    calculated && canCalculate ? { amount: payment(loan, rate / 100, Number(years), frequency), frequency } : null;

  const changed =
    <T,>(setter: (value: T) => void) =>
    (value: T) =>
      setter(value);

  function calculate(event: FormEvent) {
    event.preventDefault();
    if (canCalculate) setCalculated(true);
  }

  const Heading = useHeadingTag(props.headingLevel === 3 ? 3 : 2);
  const titleId = `${uid}-title`;
  const minimumId = `${uid}-minimum`;
  const tooHighId = `${uid}-too-high`;
  return (
    <div className="calculator" data-ready={hydrated ? "" : undefined}>
      <Heading id={titleId} className="title-2">
        {props.title?.trim() || t("calculator.title")}
      </Heading>
      {props.intro ? <div className="text-body calculator__intro">{props.intro}</div> : null}
      <form className="form-grid calculator__form" noValidate onSubmit={calculate} aria-labelledby={titleId}>
        <div className="form-grid__full">
          <RadioGroupField
            id={`${uid}-property_type`}
            name="property_type"
            legend={t("calculator.fields.property_type")}
            value={type}
            onChange={changed((value: string) => setType(value as PropertyKind))}
            options={(["residential", "commercial"] as const).map((k) => ({
              value: k,
              label: t(`calculator.property-types.${k}`),
            }))}
            inline
          />
        </div>
        <TextField
          id={`${uid}-cost`}
          name="cost"
          label={t("calculator.fields.cost")}
          value={formatAmount(price, locale)}
          onChange={changed((value: string) => {
            setPrice(parseAmount(value));
            setPercentText(null);
          })}
          mask={(raw) => maskAmount(raw, locale)}
          inputMode="numeric"
          autoComplete="off"
          hint={t("calculator.hints.dollars")}
        />
        <TextField
          id={`${uid}-down_payment`}
          name="down_payment"
          label={t("calculator.fields.down_payment")}
          value={formatAmount(down, locale)}
          onChange={changed((value: string) => {
            setDown(parseAmount(value));
            setPercentText(null);
          })}
          mask={(raw) => maskAmount(raw, locale)}
          inputMode="numeric"
          autoComplete="off"
          hint={t("calculator.hints.dollars")}
          inputProps={{
            "aria-describedby": [`${uid}-down_payment-hint`, belowMinimum ? minimumId : "", tooHigh ? tooHighId : ""]
              .filter(Boolean)
              .join(" "),
            "aria-invalid": belowMinimum || tooHigh || undefined,
          }}
        />
        <TextField
          id={`${uid}-down_payment_percentage`}
          name="down_payment_percentage"
          label={t("calculator.fields.down_payment_percentage")}
          value={percent}
          onChange={changed((value: string) => {
            // What was typed stays (a comma included) until the field is left.
            const cleaned = value.replace(/[^\d.,]/g, "");
            setPercentText(cleaned);
            const pct = parseDecimal(cleaned);
            if (Number.isFinite(pct) && priceValue > 0) {
              setDown(Math.round((priceValue * pct) / 100));
            }
          })}
          inputMode="decimal"
          autoComplete="off"
          inputProps={{ onBlur: () => setPercentText(null) }}
        />
        <TextField
          id={`${uid}-loan_amount`}
          name="loan_amount"
          label={t("calculator.fields.loan_amount")}
          value={formatAmount(loan, locale)}
          onChange={() => {}}
          inputProps={{ readOnly: true }}
        />
        <TextField
          id={`${uid}-interest_rate`}
          name="interest_rate"
          label={t("calculator.fields.interest_rate")}
          value={rateText}
          onChange={changed(setRateText)}
          error={rateInvalid ? t("calculator.errors.interest-rate") : undefined}
          inputMode="decimal"
          autoComplete="off"
          inputProps={{ onBlur: () => Number.isFinite(rate) && setRateText(formatDecimal(rate, locale)) }}
        />
        <SelectField
          id={`${uid}-amortization_period`}
          name="amortization_period"
          label={t("calculator.fields.amortization_period")}
          value={years}
          onChange={changed(setYears)}
          options={AMORTIZATION_PERIODS.map((n) => ({ value: String(n), label: t("calculator.years", { count: n }) }))}
        />
        <SelectField
          id={`${uid}-payment_frequency`}
          name="payment_frequency"
          label={t("calculator.fields.payment_frequency")}
          value={frequency}
          onChange={changed((value: string) => setFrequency(value as PaymentFrequency))}
          options={PAYMENT_FREQUENCIES.map((f) => ({ value: f, label: t(`calculator.frequencies.${f}`) }))}
        />
        {belowMinimum ? (
          <div id={minimumId} className="form-danger form-grid__full" role="alert">
            <p className="form-danger__title">
              {t("calculator.messages.minimum-down-payment", { amount: formatCurrency(minimum, locale) })}
            </p>
          </div>
        ) : null}
        {tooHigh ? (
          <div id={tooHighId} className="form-danger form-grid__full" role="alert">
            <p className="form-danger__title">{t("calculator.messages.down-payment-too-high")}</p>
          </div>
        ) : null}
        <div className="form-grid__full form-actions">
          <button type="submit" className="btn btn-primary" disabled={!canCalculate || !hydrated}>
            {t("calculator.calculate")}
          </button>
        </div>
      </form>
      <output className="calculator__result" aria-live="polite" htmlFor={`${uid}-cost ${uid}-down_payment`}>
        {result ? (
          <>
            <span className="calculator__result-label">{t(`calculator.result.${result.frequency}`)}</span>{" "}
            <strong className="calculator__result-amount" data-testid="mortgage-payment">
              {formatCurrency(result.amount, locale)}
            </strong>
          </>
        ) : null}
      </output>
    </div>
  );
}
