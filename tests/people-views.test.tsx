// @vitest-environment jsdom
/** Members, partners and testimonials views rendered in a DOM with the fixture pages' data. */
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import team from "../fixtures/sites/demo-agency/pages/team.json" with { type: "json" };
import testimonials from "../fixtures/sites/demo-broker/pages/testimonials.json" with { type: "json" };
import MemberCards from "../renderer/blocks/members/MemberCards";
import { ProgramsTooltip } from "../renderer/blocks/members/ProgramsTooltip";
import BankPartners from "../renderer/blocks/partners/BankPartners";
import Partners from "../renderer/blocks/partners/Partners";
import TestimonialsGoogle from "../renderer/blocks/testimonials/TestimonialsGoogle";
import type { BlockContext } from "../renderer/blocks/types";
import { getI18n } from "../renderer/lib/i18n";
import { blockRegistry } from "../schema/registry";

const ctx: BlockContext = { locale: "fr", siteType: "agency", index: 0, region: "content" };

function parsed(page: { content: unknown[] }, type: string) {
  const raw = page.content.find((b) => (b as { block_type: string }).block_type === type);
  const block = blockRegistry[type]!.schema.parse(raw) as unknown as { block_params: never; fields: { fr: never } };
  return { params: block.block_params, fields: block.fields.fr, block: block as never, ctx };
}

const wrap = (node: ReactNode) =>
  render(
    <MemoryRouter>
      <I18nextProvider i18n={getI18n("fr")}>{node}</I18nextProvider>
    </MemoryRouter>,
  );

beforeAll(() => {
  // A phone: 6 member cards per page.
  Object.defineProperty(window, "innerWidth", { value: 414, configurable: true });
  // jsdom has no matchMedia or IntersectionObserver; the carousel (Embla) needs them.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

describe("member cards", () => {
  it("pages by 6 on a phone, and the office filter returns to page 1", () => {
    wrap(<MemberCards {...parsed(team, "member_cards_block")} />);
    // The widest page is in the markup; a phone shows the cards of the 6-per-page tier (members.css).
    const cards = () =>
      [...document.querySelectorAll("[data-member-card]")].filter((card) => card.closest("li")?.dataset.tier === "6");
    expect(cards()).toHaveLength(6);
    fireEvent.click(screen.getByRole("button", { name: "Afficher plus de membres" }));
    expect(cards()).toHaveLength(12);
    expect(screen.queryByRole("button", { name: "Afficher plus de membres" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Bureau"), { target: { value: "levis" } });
    expect(cards()).toHaveLength(6);
    expect(screen.getByText("6 membres affichés sur 7")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Bureau"), { target: { value: "saint-romuald" } });
    expect(cards()).toHaveLength(5);
  });

  it("gives members without a photo the broker avatar, decoratively", () => {
    wrap(<MemberCards {...parsed(team, "member_cards_block")} />);
    const chantal = screen.getByRole("heading", { name: "Chantal Morin" }).closest("article")!;
    const img = chantal.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/images/avatar-broker.svg");
    expect(img.getAttribute("alt")).toBe("");
  });
});

describe("programmes tooltip", () => {
  it("shows the count and describes the button with the programmes; Escape hides it", async () => {
    wrap(<ProgramsTooltip programs={["Premier achat", "Évaluation"]} />);
    const button = screen.getByRole("button", { name: "2 programmes" });
    const tooltip = document.getElementById(button.getAttribute("aria-describedby")!)!;
    expect(tooltip.textContent).toContain("Premier achat");
    expect(tooltip.hidden).toBe(true);
    fireEvent.click(button);
    expect(tooltip.hidden).toBe(false);
    fireEvent.keyDown(button, { key: "Escape" });
    expect(tooltip.hidden).toBe(true);
  });
});

describe("partners", () => {
  it("filters by tag with pressed toggle buttons and reveals all after show more", () => {
    wrap(<Partners {...parsed(team, "partners_block")} />);
    const cards = () => document.querySelectorAll("[data-partner-card]");
    expect(cards()).toHaveLength(6);
    fireEvent.click(screen.getByRole("button", { name: "Afficher tous les partenaires" }));
    expect(cards()).toHaveLength(8);
    const group = screen.getByRole("group", { name: "Filtrer les partenaires par catégorie" });
    const chip = within(group).getByRole("button", { name: "Financement" });
    fireEvent.click(chip);
    expect(chip.getAttribute("aria-pressed")).toBe("true");
    expect(cards()).toHaveLength(3);
    fireEvent.click(chip);
    expect(chip.getAttribute("aria-pressed")).toBe("false");
    expect(cards()).toHaveLength(8);
  });

  it("filters banks by name from the labelled field", () => {
    wrap(<BankPartners {...parsed(team, "bank_partners_block")} />);
    const banks = () => document.querySelectorAll("[data-bank-card]");
    expect(banks()).toHaveLength(3);
    fireEvent.change(screen.getByLabelText("Rechercher une institution par nom"), { target: { value: "lévis" } });
    expect(banks()).toHaveLength(1);
    expect(screen.getByText("1 institution")).toBeTruthy();
  });
});

describe("Google testimonials", () => {
  it("shows the average with 2 decimals, the stars as text and plain review text", async () => {
    wrap(<TestimonialsGoogle {...parsed(testimonials, "testimonials_google_block")} />);
    await act(async () => {});
    expect(document.querySelector("[data-average]")?.textContent).toBe("4,87");
    expect(screen.getByRole("img", { name: "Note moyenne : 4,87 sur 5" })).toBeTruthy();
    expect(screen.getAllByRole("img", { name: "5 sur 5" }).length).toBeGreaterThan(0);
    expect(document.querySelector("blockquote b")).toBeNull();
    expect(screen.getByText("Basé sur 87 avis")).toBeTruthy();
  });
});
