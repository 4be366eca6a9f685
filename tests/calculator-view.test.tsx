// @vitest-environment jsdom
/** The mortgage calculator as a French visitor types in it: decimal commas, the locale's format, amounts given. */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import MortgageCalculator, { type MortgageCalculatorProps } from "../renderer/features/calculator/MortgageCalculator";
import { getI18n } from "../renderer/lib/i18n";
import { type SiteInfo, SiteProvider } from "../renderer/lib/site";

afterEach(cleanup);

const site = (locale: "fr" | "en"): SiteInfo => ({
  locale,
  siteType: "broker",
  config: { mapTileUrl: "", mapTileAttribution: "", publicOrigin: "", exposeErrors: false },
  alternatePaths: {},
});

function renderCalculator(locale: "fr" | "en", props: MortgageCalculatorProps = {}) {
  render(
    <SiteProvider value={site(locale)}>
      <I18nextProvider i18n={getI18n(locale)}>
        <MortgageCalculator {...props} />
      </I18nextProvider>
    </SiteProvider>,
  );
  const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  const payment = () => screen.queryByTestId("mortgage-payment")?.textContent?.replace(/\s/g, " ") ?? null;
  return { field, payment };
}

const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe("mortgage calculator in French", () => {
  it('reads "4,79" as a rate of 4.79 and shows the default rate and the percentage with a comma', () => {
    const { field, payment } = renderCalculator("fr", {
      defaults: { price: 500_000, down_payment: 100_000, interest_rate: 5.5 },
    });
    expect(field("interest_rate").value).toBe("5,5");
    expect(field("down_payment_percentage").value).toBe("20,00");
    type(field("interest_rate"), "4,79");
    expect(screen.queryByText(getI18n("fr").t("calculator.errors.interest-rate"))).toBeNull();
    const calculate = screen.getByRole("button", { name: "Calculer" });
    expect((calculate as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(calculate);
    // 400,000 at 4.79 % over 25 years (semi-annual compounding).
    expect(payment()).toBe("2 278,83 $");
  });

  it("takes a percentage typed with a comma", () => {
    const { field } = renderCalculator("fr", { defaults: { price: 400_000, down_payment: 20_000 } });
    type(field("down_payment_percentage"), "12,5");
    expect(field("down_payment").value.replace(/\s/g, " ")).toBe("50 000");
  });

  it("still refuses a rate that is not a number from 0 to 100", () => {
    const { field } = renderCalculator("fr", { defaults: { price: 400_000, down_payment: 80_000 } });
    for (const bad of ["-1", "4,7,9", "101", "abc"]) {
      type(field("interest_rate"), bad);
      expect(screen.getByText(getI18n("fr").t("calculator.errors.interest-rate"))).toBeTruthy();
    }
  });
});

describe("mortgage calculator result", () => {
  it("shows the result at once when opened with amounts, and follows a change", () => {
    const { field, payment } = renderCalculator("en", {
      defaults: { price: 500_000, down_payment: 100_000, interest_rate: 5 },
      showResult: true,
    });
    expect(payment()).toBe("$2,326.42");
    fireEvent.change(document.querySelector('[name="payment_frequency"]')!, { target: { value: "bi-weekly" } });
    expect(payment()).toBe("$1,163.21");
    type(field("interest_rate"), "");
    expect(payment()).toBeNull();
  });

  it("waits for Calculate otherwise", () => {
    const { payment } = renderCalculator("en", {
      defaults: { price: 500_000, down_payment: 100_000, interest_rate: 5 },
    });
    expect(payment()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Calculate" }));
    expect(payment()).toBe("$2,326.42");
  });
});
