// @vitest-environment jsdom

import fs from "node:fs";
import path from "node:path";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { spacerHeight } from "../renderer/blocks/content/Spacer";
import { hasMore, OFFICES_GRID_INITIAL, REWARDS_INITIAL, visibleCount } from "../renderer/blocks/content/showMore";
import { contactHref } from "../renderer/blocks/offices/OfficeCard";
import { initialOfficesState, officesReducer } from "../renderer/blocks/offices/officesState";
import { getI18n } from "../renderer/lib/i18n";
import { REWARD_IDENTS, rewardImagePath } from "../schema/blocks/content";

describe("offices state", () => {
  it("starts with the first office active and nothing hovered", () => {
    expect(initialOfficesState(["a", "b", "c"])).toEqual({ activeId: "a", hoverId: null });
    expect(initialOfficesState([])).toEqual({ activeId: null, hoverId: null });
  });
  it("activating changes the active office only", () => {
    const state = officesReducer({ activeId: "a", hoverId: "c" }, { type: "activate", id: "b" });
    expect(state).toEqual({ activeId: "b", hoverId: "c" });
  });
  it("hover is tracked separately from the active office", () => {
    let state = initialOfficesState(["a", "b"]);
    state = officesReducer(state, { type: "hover", id: "b" });
    expect(state).toEqual({ activeId: "a", hoverId: "b" });
    state = officesReducer(state, { type: "hover", id: null });
    expect(state).toEqual({ activeId: "a", hoverId: null });
  });
  it("returns the same object when nothing changes", () => {
    const state = initialOfficesState(["a"]);
    expect(officesReducer(state, { type: "activate", id: "a" })).toBe(state);
    expect(officesReducer(state, { type: "hover", id: null })).toBe(state);
  });
});

describe("show more", () => {
  it("uses the spec's initial counts", () => {
    expect([OFFICES_GRID_INITIAL, REWARDS_INITIAL]).toEqual([9, 3]);
  });
  it("shows the first items, then all", () => {
    expect(visibleCount(11, 9, false)).toBe(9);
    expect(visibleCount(11, 9, true)).toBe(11);
    expect(visibleCount(2, 3, false)).toBe(2);
    expect(hasMore(11, 9, false)).toBe(true);
    expect(hasMore(11, 9, true)).toBe(false);
    expect(hasMore(9, 9, false)).toBe(false);
  });
});

describe("rewards images", () => {
  it("uses the dark badge on the inverted scheme only", () => {
    expect(rewardImagePath("diamant", "inverted")).toBe("/images/rewards/diamant-dark-fr.svg");
    expect(rewardImagePath("diamant", "normal")).toBe("/images/rewards/diamant-light-fr.svg");
    expect(rewardImagePath("titan", "normal-grey")).toBe("/images/rewards/titan-light-fr.svg");
    expect(rewardImagePath("titan", undefined)).toBe("/images/rewards/titan-light-fr.svg");
  });
  it("has a badge file for every reward and variant", () => {
    for (const ident of REWARD_IDENTS)
      for (const scheme of ["normal", "inverted"]) {
        const file = path.join(import.meta.dirname, "../public", rewardImagePath(ident, scheme));
        expect(fs.existsSync(file), file).toBe(true);
        expect(fs.readFileSync(file, "utf8")).toContain("<title");
      }
  });
});

describe("small helpers", () => {
  it("turns phone and e-mail lines into links", () => {
    expect(contactHref("phone", "418 555-0190")).toBe("tel:+14185550190");
    expect(contactHref("email", "levis@example.com")).toBe("mailto:levis@example.com");
    expect(contactHref("map-pin", "5700, boulevard Guillaume-Couture")).toBeUndefined();
  });
  it("clamps spacer heights", () => {
    expect(spacerHeight(48, 32)).toBe(48);
    expect(spacerHeight(-5, 32)).toBe(0);
    expect(spacerHeight(9999, 32)).toBe(400);
    expect(spacerHeight(Number.NaN, 32)).toBe(32);
  });
});

describe("rewards view", () => {
  it("shows 3 rewards, then all after show more, moving focus to the first new one", async () => {
    const { default: Rewards } = await import("../renderer/blocks/content/Rewards");
    const { rewardsBlock } = await import("../schema/blocks/content");
    const block = rewardsBlock.schema.parse({ id: "r", block_type: "rewards_block", ...rewardsBlock.example });
    const ctx = { locale: "fr" as const, siteType: "broker" as const, index: 0, region: "content" as const };
    render(
      <I18nextProvider i18n={getI18n("fr")}>
        <Rewards block={block} fields={block.fields.fr} params={block.block_params} ctx={ctx} />
      </I18nextProvider>,
    );
    const total = block.fields.fr.rewards_repeater?.length ?? 0;
    expect(total).toBeGreaterThan(3);
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(3);
    const more = screen.getByRole("button", { name: /Voir 1 autre distinction/ });
    await act(async () => fireEvent.click(more));
    const headings = screen.getAllByRole("heading", { level: 3 });
    expect(headings).toHaveLength(total);
    expect(document.activeElement).toBe(headings[3]);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
