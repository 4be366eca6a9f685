import { describe, expect, it } from "vitest";
import { calculatorDefaultsFromQuery } from "../renderer/features/calculator/query";

const parse = (q: string) => calculatorDefaultsFromQuery(new URLSearchParams(q));

describe("the calculator's query", () => {
  it("prefills the price, the down payment and the property type", () => {
    expect(parse("price=489900&down_payment=24495&property_type=residential")).toEqual({
      price: 489_900,
      down_payment: 24_495,
      property_type: "residential",
    });
    expect(parse("price=1200000.50&down_payment=420000&property_type=commercial")).toEqual({
      price: 1_200_000.5,
      down_payment: 420_000,
      property_type: "commercial",
    });
  });

  it("ignores what is malformed, keeping what is not", () => {
    expect(parse("")).toEqual({});
    expect(parse("price=abc&down_payment=-5&property_type=castle")).toEqual({});
    expect(parse("price=0")).toEqual({});
    expect(parse("price=1e9")).toEqual({});
    expect(parse("price=500000&down_payment=<script>")).toEqual({ price: 500_000 });
    expect(parse("price=500000&down_payment=600000")).toEqual({ price: 500_000 });
  });
});
