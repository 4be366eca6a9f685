// @vitest-environment jsdom
/** Hero views: server HTML without JavaScript, member modal with program count, landing slot. */
import { act, cleanup, render, screen } from "@testing-library/react";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../locales/heroes/en.json";
import HeroLandingPage1 from "../renderer/blocks/heroes/HeroLandingPage1";
import HeroMembersSearch from "../renderer/blocks/heroes/HeroMembersSearch";
import HeroProfilePage from "../renderer/blocks/heroes/HeroProfilePage";
import { memberOptions } from "../renderer/blocks/heroes/logic";
import { MemberModal } from "../renderer/blocks/heroes/MembersSearchDialog";
import type { BlockContext } from "../renderer/blocks/types";
import { getI18n } from "../renderer/lib/i18n";
import { SiteProvider } from "../renderer/lib/site";
import { heroLandingPage1Block, heroMembersSearchBlock, heroProfilePageBlock } from "../schema/blocks/heroes";

afterEach(cleanup);

// jsdom has no CSS.escape, which react-aria's modal reads a CSP nonce with.
const g = globalThis as { CSS?: { escape?: (value: string) => string } };
g.CSS ??= {};
g.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);

const ctx: BlockContext = { locale: "en", siteType: "broker", index: 0, region: "content" };
const wrap = (element: ReactElement) =>
  createElement(MemoryRouter, null, createElement(I18nextProvider, { i18n: getI18n("en") }, element));

function membersProps() {
  const block = heroMembersSearchBlock.schema.parse({
    id: "ms",
    block_type: "hero_members_search_block",
    ...heroMembersSearchBlock.example,
  });
  return { block, fields: block.fields.en, params: block.block_params, ctx };
}

describe("members search hero", () => {
  it("renders a labelled field with the context placeholder and the cards on the server", () => {
    // The hero that carries the page's title (blocks/page-title.ts) has the page's h1.
    const html = renderToString(
      wrap(createElement(HeroMembersSearch, { ...membersProps(), ctx: { ...ctx, pageTitle: true } })),
    );
    const host = document.createElement("div");
    host.innerHTML = html;
    const input = host.querySelector("input");
    expect(input?.placeholder).toBe(en.heroes.members["placeholder-brokers"]);
    expect(host.querySelector(`label[for="${input?.id}"]`)?.textContent).toBe(
      en.heroes.members["search-label-brokers"],
    );
    expect(html).toContain("Marc-André Gagnon");
    expect(html).toContain("<h1");
    // Its members' names follow without skipping a level.
    expect(host.querySelector(".hero-member-card__name")?.tagName).toBe("H2");
  });

  it("uses h2 and h3 when another block carries the page's title", () => {
    const host = document.createElement("div");
    host.innerHTML = renderToString(wrap(createElement(HeroMembersSearch, membersProps())));
    expect(host.querySelector("h1")).toBeNull();
    expect(host.querySelector(".title-1")?.tagName).toBe("H2");
    expect(host.querySelector(".hero-member-card__name")?.tagName).toBe("H3");
  });

  it("hides the carousel when show_carousel is false", () => {
    const props = membersProps();
    const html = renderToString(
      wrap(createElement(HeroMembersSearch, { ...props, params: { ...props.params, show_carousel: false } })),
    );
    expect(html).not.toContain("hero-member-card");
  });

  it("shows the member and the count of programs in the modal", async () => {
    const props = membersProps();
    const options = memberOptions(props.fields.card_members_repeater, "en");
    const julie = options.find((o) => o.label === "Julie Tremblay")!;
    const onClose = vi.fn();
    await act(async () => {
      render(wrap(createElement(MemberModal, { option: julie, onClose })));
    });
    const dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain("Julie Tremblay");
    const count = julie.member.program_items_repeater?.length ?? 0;
    expect(count).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: `${count} programs` })).toBeTruthy();
    const marc = options.find((o) => o.label === "Marc-André Gagnon")!;
    cleanup();
    await act(async () => {
      render(wrap(createElement(MemberModal, { option: marc, onClose })));
    });
    expect(screen.queryByRole("button", { name: /programs?$/ })).toBeNull();
    // No avatar: the default one.
    expect(screen.getByRole("dialog").querySelector("img")?.getAttribute("src")).toBe("/images/avatar-broker.svg");
  });
});

describe("landing page hero", () => {
  it("renders the contact form slot with a contact button", () => {
    const block = heroLandingPage1Block.schema.parse({
      id: "lp",
      block_type: "hero_landing_page_1_block",
      ...heroLandingPage1Block.example,
    });
    const html = renderToString(
      wrap(createElement(HeroLandingPage1, { block, fields: block.fields.en, params: block.block_params, ctx })),
    );
    expect(html).toMatch(/<aside[^>]*id="lp-contact-form"[^>]*data-contact-form-slot=""/);
    expect(html).toContain(en.heroes.landing["contact-button"]);
  });
});

describe("profile page hero", () => {
  function profileWithoutPhoto(siteType: "broker" | "agency", without: "media" | "sub_title" = "media") {
    const block = heroProfilePageBlock.schema.parse({
      id: "profile",
      block_type: "hero_profile_page_block",
      ...heroProfilePageBlock.example,
    });
    const { [without]: _left, ...fields } = block.fields.en;
    const site = {
      locale: "en" as const,
      siteType,
      config: { mapTileUrl: "", mapTileAttribution: "", publicOrigin: "", exposeErrors: false },
      alternatePaths: {},
    };
    const host = document.createElement("div");
    host.innerHTML = renderToString(
      wrap(
        <SiteProvider value={site}>
          <HeroProfilePage block={block} fields={fields} params={block.block_params} ctx={{ ...ctx, siteType }} />
        </SiteProvider>,
      ),
    );
    return host;
  }

  it("shows a broker without a photo as their member card does: the franchise logo on an agency's site", () => {
    const agency = profileWithoutPhoto("agency").querySelector(".hero-profile__media img");
    expect(agency?.getAttribute("src")).toBe("/images/avatar-franchise.svg");
    expect(agency?.getAttribute("alt")).toBe("");
    const broker = profileWithoutPhoto("broker").querySelector(".hero-profile__media img");
    expect(broker?.getAttribute("src")).toBe("/images/avatar-broker.svg");
  });

  it("names the role by context only when the editor left the sub-title empty", () => {
    const withSub = profileWithoutPhoto("broker");
    expect(withSub.querySelector(".hero-profile__sub")?.textContent).toBe(
      heroProfilePageBlock.example.fields.en.sub_title,
    );
    expect(withSub.querySelector(".hero-profile__context")).toBeNull();
    const withoutSub = profileWithoutPhoto("broker", "sub_title");
    expect(withoutSub.querySelector(".hero-profile__context")?.textContent).toBe(en.heroes.context.brokers);
  });
});
