// @vitest-environment jsdom
/**
 * The callout block (callout_block): a note with the tone's icon, its label, title, text and
 * button in the visitor's language, the page's h1 when it comes first, nothing printed for an
 * empty field, and its button opening the contact modal when it carries that action.
 */
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BlockList } from "../renderer/blocks/BlockList";
import { pageTitleOf } from "../renderer/blocks/page-title";
import { preloadBlocks } from "../renderer/blocks/registry";
import { getI18n } from "../renderer/lib/i18n";
import { SiteProvider } from "../renderer/lib/site";
import { calloutBlock } from "../schema/blocks/text";
import type { Locale } from "../schema/locales";
import { parseBlocks } from "../schema/parse";

beforeAll(() => preloadBlocks(["callout_block", "text_block_1"]));

const example = { id: "note", block_type: "callout_block", ...calloutBlock.example };

/** Renders blocks as the page route does (parsed, the first titled block carrying the h1). */
function page(raw: unknown[], locale: Locale = "fr"): HTMLElement {
  const { blocks, issues } = parseBlocks(raw, () => {});
  expect(issues).toEqual([]);
  const html = renderToString(
    <MemoryRouter initialEntries={[`/${locale}`]}>
      <I18nextProvider i18n={getI18n(locale)}>
        <SiteProvider
          value={{
            locale,
            siteType: "broker",
            config: { mapTileUrl: "", mapTileAttribution: "", publicOrigin: "", exposeErrors: false },
            alternatePaths: { fr: "/fr", en: "/en" },
          }}
        >
          <BlockList
            blocks={blocks}
            locale={locale}
            siteType="broker"
            region="content"
            pageTitle={pageTitleOf(blocks, locale)}
          />
        </SiteProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  const host = document.createElement("div");
  host.innerHTML = html;
  return host;
}

describe("callout block", () => {
  it("is a note with its tone, label, title, text and button, in French", () => {
    const host = page([
      { id: "intro", block_type: "text_block_1", fields: { fr: { main_title: "Acheter" } } },
      example,
    ]);
    const note = host.querySelector('[data-block-type="callout_block"] [role="note"]');
    expect(note?.getAttribute("data-tone")).toBe("tip");
    expect(note?.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(note?.querySelector(".callout__label")?.textContent).toBe("Bon à savoir");
    // Another block carries the page's h1: the callout's title is an h2.
    expect(note?.querySelector("h2")?.textContent).toBe("Prévoyez la taxe de bienvenue dans votre budget");
    expect(note?.querySelector(".richtext")?.textContent).toContain("droits de mutation");
    const link = note?.querySelector("a");
    expect(link?.getAttribute("href")).toBe("/fr/contact");
    expect(link?.textContent).toBe("Calculer mes frais avec moi");
  });

  it("speaks English on an English page, and carries the h1 when it is the first titled block", () => {
    const host = page([example], "en");
    const note = host.querySelector('[role="note"]');
    expect(note?.querySelector(".callout__label")?.textContent).toBe("Good to know");
    expect(note?.querySelector("h1")?.textContent).toBe("Plan for the welcome tax in your budget");
    expect(note?.querySelector("a")?.getAttribute("href")).toBe("/en/contact");
  });

  it("prints nothing for empty fields and shows the information tone by default", () => {
    const host = page([
      { id: "bare", block_type: "callout_block", fields: { fr: { description: "<p>Seul le texte.</p>" } } },
    ]);
    const note = host.querySelector('[role="note"]');
    expect(note?.getAttribute("data-tone")).toBe("info");
    expect(note?.querySelector(".callout__label, h1, h2, a, button")).toBeNull();
    expect(note?.textContent).toBe("Seul le texte.");
    // A title without a label: the title alone, no empty label above it.
    const titled = page([{ id: "t", block_type: "callout_block", fields: { fr: { main_title: "À retenir" } } }]);
    expect(titled.querySelector('[role="note"] h1')?.textContent).toBe("À retenir");
    expect(titled.querySelector(".callout__label")).toBeNull();
  });

  it("opens the contact modal from its button when the link carries that action", () => {
    const host = page([
      {
        id: "ask",
        block_type: "callout_block",
        block_params: { tone: "warning" },
        fields: {
          fr: { cta: { text: "Me poser la question", on_click_action: { action_type: "open_contact_modal" } } },
        },
      },
    ]);
    const button = host.querySelector('[role="note"] button');
    expect(host.querySelector('[role="note"]')?.getAttribute("data-tone")).toBe("warning");
    expect(button?.getAttribute("type")).toBe("button");
    expect(button?.textContent).toBe("Me poser la question");
  });

  it("refuses a tone it does not know (the page keeps the rest)", () => {
    const { blocks, issues } = parseBlocks(
      [
        { ...example, block_params: { tone: "danger" } },
        { id: "t", block_type: "text_block_1", fields: {} },
      ],
      () => {},
    );
    expect(blocks.map((b) => b.block_type)).toEqual(["text_block_1"]);
    expect(issues).toEqual([expect.objectContaining({ id: "note", path: "block_params.tone" })]);
  });
});
