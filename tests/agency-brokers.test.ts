/** The demo agency's broker profiles: one per profile the team page links to, agreeing with its cards, and in step with their generator. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  brokerPages,
  PAGES_DIR,
  portraitUrl,
  profilePath,
  TEAM_FILE,
  teamCards,
  teamWithPortraits,
} from "../scripts/agency-brokers";
import { BROKERS } from "../scripts/agency-brokers.data";
import { portraitSvg } from "../scripts/agency-portraits";

describe("demo agency broker profiles", () => {
  const cards = teamCards();
  const pages = brokerPages();

  it("exist for every broker card of the team page, in both languages", () => {
    expect(cards.size).toBe(12);
    const paths = [...pages.values()].flatMap((p) => [p.paths.fr, p.paths.en]);
    for (const slug of cards.keys()) {
      expect(paths).toContain(profilePath("fr", slug));
      expect(paths).toContain(profilePath("en", slug));
    }
  });

  it("show the card's name, title, photo and phone, and address the contact form to that broker", () => {
    for (const [slug, card] of cards) {
      const page = pages.get(`broker-${slug}.json`)!;
      for (const locale of ["fr", "en"] as const) {
        const hero = page.content[0]!.fields[locale] as Record<string, unknown>;
        expect(hero.main_title).toBe(card[locale].main_title);
        expect(hero.sub_title).toBe(card[locale].description);
        expect((hero.media as { image?: { url: string } } | undefined)?.image?.url).toBe(card[locale].image?.url);
        const phone = card[locale].list_items_repeater?.find((i) => i.icon?.type === "phone")?.text;
        expect(hero.list_items_repeater).toContainEqual({ icon: { type: "phone" }, text: phone });
      }
      const form = page.content.find((b) => b.block_type === "contact_form_block")!;
      expect(form.block_params).toMatchObject({ recipient_type: "broker", recipient_slug: slug });
    }
  });

  it("are the committed fixture pages (run scripts/agency-brokers.ts after changing the team page or the data)", () => {
    const committed = fs.readdirSync(PAGES_DIR).filter((f) => f.startsWith("broker-"));
    expect(committed.sort()).toEqual([...pages.keys()].sort());
    for (const [file, page] of pages)
      expect(JSON.parse(fs.readFileSync(path.join(PAGES_DIR, file), "utf8")), file).toEqual(page);
  });

  it("give each broker with a photo their own portrait, on the team page too", () => {
    expect(JSON.parse(fs.readFileSync(TEAM_FILE, "utf8"))).toEqual(teamWithPortraits());
    const photos = [...cards.values()].map((card) => card.fr.image?.url).filter(Boolean);
    // The demo broker's portrait stays hers alone.
    expect(photos.filter((url) => url === "/images/portrait-broker.svg")).toEqual(["/images/portrait-broker.svg"]);
    for (const facts of BROKERS.filter((b) => b.portrait)) {
      expect(cards.get(facts.slug)?.fr.image?.url).toBe(portraitUrl(facts.slug));
      const file = path.resolve(import.meta.dirname, "../public", `.${portraitUrl(facts.slug)}`);
      expect(fs.readFileSync(file, "utf8")).toBe(portraitSvg(cards.get(facts.slug)!.fr.main_title, facts.portrait!));
    }
  });
});
