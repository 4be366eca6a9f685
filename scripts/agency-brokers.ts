/**
 * Writes the demo agency's broker profile pages (fixtures/sites/demo-agency/pages/broker-<slug>.json,
 * at /fr/courtiers/<slug> and /en/brokers/<slug>): one for every member card of the team page
 * that links to a profile. Name, title, photo, phone, e-mail, office, programs and social links
 * come from that card, so the team page and the profile always agree; the biography,
 * specialities, areas and languages from scripts/agency-brokers.data.ts. It also draws the
 * brokers' portraits (scripts/agency-portraits.ts) and puts them on the team page. Run it
 * again after changing either:
 *
 *   npx tsx scripts/agency-brokers.ts
 *
 * tests/agency-brokers.test.ts fails when the committed pages and this script disagree.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { AGENCY_MUNICIPALITY, BROKERS, type BrokerFacts, type Locale, OFFICES } from "./agency-brokers.data";
import { portraitSvg } from "./agency-portraits";

export const PAGES_DIR = path.resolve(import.meta.dirname, "../fixtures/sites/demo-agency/pages");
export const TEAM_FILE = path.join(PAGES_DIR, "team.json");
const PUBLIC_DIR = path.resolve(import.meta.dirname, "../public");
export const portraitUrl = (slug: string) => `/images/brokers/${slug}.svg`;
const LOCALES = ["fr", "en"] as const;

interface Image {
  url: string;
  alt?: string;
  width?: number;
  height?: number;
}
interface MemberCard {
  office_id?: string;
  main_title: string;
  description?: string;
  image?: Image;
  cta?: { url?: string };
  list_items_repeater?: { icon?: { type: string }; text: string }[];
  program_items_repeater?: { description: string }[];
  icon_links_repeater?: { icon: { type: string }; link: { url?: string; text?: string; target?: string } }[];
}

export const profilePath = (locale: Locale, slug: string) =>
  locale === "fr" ? `/fr/courtiers/${slug}` : `/en/brokers/${slug}`;

/** The team page's member cards by profile slug, per language. */
export function teamCards(): Map<string, Record<Locale, MemberCard>> {
  const team = JSON.parse(fs.readFileSync(TEAM_FILE, "utf8")) as {
    content: { block_type: string; fields: Record<Locale, { card_members_repeater?: MemberCard[] }> }[];
  };
  const cards = new Map<string, Record<Locale, MemberCard>>();
  for (const block of team.content.filter((b) => b.block_type === "member_cards_block"))
    for (const locale of LOCALES)
      for (const card of block.fields[locale].card_members_repeater ?? []) {
        const slug = card.cta?.url?.split("/").pop();
        if (!slug || card.cta?.url !== profilePath(locale, slug)) continue;
        cards.set(slug, { ...(cards.get(slug) ?? ({} as Record<Locale, MemberCard>)), [locale]: card });
      }
  return cards;
}

const listItem = (card: MemberCard, icon: string) => card.list_items_repeater?.find((i) => i.icon?.type === icon)?.text;
const firstName = (name: string) => name.split(" ")[0]!;
/** "418 555-0142" → "tel:+14185550142". */
const telUrl = (phone: string) => `tel:+1${phone.replace(/\D/g, "")}`;
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const listJoin = (items: string[], locale: Locale) =>
  items.length < 2
    ? items.join("")
    : `${items.slice(0, -1).join(", ")}${locale === "fr" ? " et " : items.length > 2 ? ", and " : " and "}${items.at(-1)}`;
const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

const WORDS = {
  fr: {
    broker: { f: "Courtière", m: "Courtier" },
    since: (facts: BrokerFacts) => `${facts.gender === "f" ? "courtière" : "courtier"} depuis ${facts.since}`,
    call: (first: string) => `Appeler ${first}`,
    write: (first: string) => `Écrire à ${first}`,
    about: (first: string) => `À propos de ${first}`,
    specialities: "Spécialités et secteurs",
    areas: "Secteurs desservis :",
    allListings: "Voir toutes les propriétés",
    formTitle: (name: string) => `Écrire à ${name}`,
    formIntro: (facts: BrokerFacts, first: string, phone: string) =>
      `${first} vous répond personnellement, en général le jour même. Vous pouvez aussi ${facts.gender === "f" ? "la" : "le"} joindre au ${phone}.`,
    seoTitle: (name: string, title: string) => `${name}, ${lowerFirst(title)} à Lévis | Immobilier Rive-Sud`,
  },
  en: {
    broker: { f: "Broker", m: "Broker" },
    since: (facts: BrokerFacts) => `broker since ${facts.since}`,
    call: (first: string) => `Call ${first}`,
    write: (first: string) => `Write to ${first}`,
    about: (first: string) => `About ${first}`,
    specialities: "Specialities and areas",
    areas: "Areas served:",
    allListings: "See all properties",
    formTitle: (name: string) => `Write to ${name}`,
    formIntro: (facts: BrokerFacts, first: string, phone: string) =>
      `${first} answers personally, usually the same day. You can also call ${facts.gender === "f" ? "her" : "him"} at ${phone}.`,
    seoTitle: (name: string, title: string) => `${name}, ${lowerFirst(title)} in Lévis | Immobilier Rive-Sud`,
  },
} as const;

const OG_IMAGE = { url: "/images/og/immobilier-rive-sud.png", type: "image/png", width: 1200, height: 630 };

export function brokerPage(facts: BrokerFacts, cards: Record<Locale, MemberCard>) {
  const fields = <T>(make: (locale: Locale) => T) => ({ fr: make("fr"), en: make("en") });
  const name = cards.fr.main_title;
  const first = firstName(name);
  const phone = listItem(cards.fr, "phone");
  const email = listItem(cards.fr, "email");
  if (!phone || !email) throw new Error(`${facts.slug}: the team page's card has no phone or e-mail`);
  const office = OFFICES[cards.fr.office_id ?? ""];
  if (!office) throw new Error(`${facts.slug}: unknown office ${cards.fr.office_id}`);
  const slug = facts.slug;
  const seo = (locale: Locale) => ({
    title: WORDS[locale].seoTitle(name, cards[locale].description ?? WORDS[locale].broker[facts.gender]),
    description: facts.summary[locale],
  });

  return {
    page_id: `broker-${slug}`,
    paths: { fr: profilePath("fr", slug), en: profilePath("en", slug) },
    title: { fr: name, en: name },
    seo: {
      global: fields(seo),
      facebook: fields((locale) => ({
        og_title: seo(locale).title,
        og_description: seo(locale).description,
        og_image: OG_IMAGE,
      })),
    },
    content: [
      {
        id: `broker-${slug}-profile`,
        block_type: "hero_profile_page_block",
        block_params: { color_scheme: "normal-grey", context_type: "brokers" },
        fields: fields((locale) => {
          const card = cards[locale];
          return {
            ...(card.image ? { media: { image: { ...card.image, fetchPriority: "high" } } } : {}),
            main_title: name,
            sub_title: card.description ?? WORDS[locale].broker[facts.gender],
            under_sub_title: `${office[locale].name} · ${WORDS[locale].since(facts)}`,
            list_items_repeater: [
              { icon: { type: "phone" }, text: listItem(card, "phone") ?? phone },
              { icon: { type: "email" }, text: listItem(card, "email") ?? email },
              { icon: { type: "map-pin" }, text: office[locale].address },
              { icon: { type: "chat" }, text: facts.languages[locale] },
            ],
            ...(card.icon_links_repeater?.length ? { icon_links_repeater: card.icon_links_repeater } : {}),
            cta_repeater: [
              { cta: { url: telUrl(phone), text: WORDS[locale].call(first) } },
              {
                cta: {
                  text: WORDS[locale].write(first),
                  on_click_action: {
                    action_type: "open_contact_modal",
                    action_params: { recipient_type: "broker", recipient_slug: slug },
                  },
                },
              },
            ],
          };
        }),
      },
      {
        id: `broker-${slug}-bio`,
        block_type: "text_block_2",
        block_params: { color_scheme: "normal", text_align: "left" },
        fields: fields((locale) => ({
          main_title: WORDS[locale].about(first),
          description: facts.bio[locale].map((p) => `<p>${escapeHtml(p)}</p>`).join(""),
        })),
      },
      {
        id: `broker-${slug}-specialities`,
        block_type: "list_block",
        block_params: { color_scheme: "normal-grey", list_type: "unordered" },
        fields: fields((locale) => ({
          main_title: WORDS[locale].specialities,
          description: `<p><strong>${WORDS[locale].areas}</strong> ${escapeHtml(listJoin(facts.areas, locale))}.</p>`,
          items: [
            ...(cards[locale].program_items_repeater ?? []).map((p) => p.description),
            ...facts.specialities[locale],
          ].map((text) => ({ text: escapeHtml(text) })),
        })),
      },
      {
        id: `broker-${slug}-listings`,
        block_type: "properties_slider_block",
        block_params: {
          color_scheme: "normal",
          forSaleForRent: "buy",
          mun: [AGENCY_MUNICIPALITY],
          ...(facts.listingTypes ? { type: facts.listingTypes } : {}),
          limit: 6,
        },
        fields: fields((locale) => ({
          main_title: facts.listingsTitle[locale],
          cta: { url: locale === "fr" ? "/fr/proprietes" : "/en/properties", text: WORDS[locale].allListings },
        })),
      },
      {
        id: `broker-${slug}-contact`,
        block_type: "contact_form_block",
        block_params: {
          color_scheme: "normal-grey",
          orientation_x: "center",
          recipient_type: "broker",
          recipient_slug: slug,
        },
        fields: fields((locale) => ({
          main_title: WORDS[locale].formTitle(name),
          description: `<p>${escapeHtml(WORDS[locale].formIntro(facts, first, listItem(cards[locale], "phone") ?? phone))}</p>`,
        })),
      },
    ],
  };
}

/** Every profile page, by file name; throws when the team page and the data disagree. */
export function brokerPages(): Map<string, ReturnType<typeof brokerPage>> {
  const cards = teamCards();
  const missing = [...cards.keys()].filter((slug) => !BROKERS.some((b) => b.slug === slug));
  if (missing.length) throw new Error(`No facts in scripts/agency-brokers.data.ts for ${missing.join(", ")}`);
  const pages = new Map<string, ReturnType<typeof brokerPage>>();
  for (const facts of BROKERS) {
    const card = cards.get(facts.slug);
    if (!card?.fr || !card.en) throw new Error(`${facts.slug}: no member card in both languages on the team page`);
    pages.set(`broker-${facts.slug}.json`, brokerPage(facts, card));
  }
  return pages;
}

/**
 * The team page with each drawn portrait in place of the image its broker's card and carousel
 * entry had, matched by name (the cards are where the profiles take their photo from).
 */
export function teamWithPortraits(): unknown {
  const team = JSON.parse(fs.readFileSync(TEAM_FILE, "utf8")) as unknown;
  const cards = teamCards();
  const urls = new Map<string, string>();
  for (const facts of BROKERS) {
    const name = cards.get(facts.slug)?.fr.main_title;
    if (facts.portrait && name) urls.set(name, portraitUrl(facts.slug));
  }
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const item = value as Record<string, unknown>;
      const url = urls.get(String(item.main_title ?? item.person_name ?? ""));
      const image = (item.image ?? item.person_avatar) as { url?: string } | undefined;
      if (url && image?.url) image.url = url;
      Object.values(item).forEach(walk);
    }
  };
  walk(team);
  return team;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.mkdirSync(path.join(PUBLIC_DIR, "images/brokers"), { recursive: true });
  const names = teamCards();
  for (const facts of BROKERS)
    if (facts.portrait)
      fs.writeFileSync(
        path.join(PUBLIC_DIR, portraitUrl(facts.slug)),
        portraitSvg(names.get(facts.slug)?.fr.main_title ?? facts.slug, facts.portrait),
      );
  fs.writeFileSync(TEAM_FILE, `${JSON.stringify(teamWithPortraits(), null, 2)}\n`);
  const pages = brokerPages();
  // A broker who left the team loses the page.
  for (const file of fs.readdirSync(PAGES_DIR))
    if (file.startsWith("broker-") && !pages.has(file)) fs.rmSync(path.join(PAGES_DIR, file));
  const files = [...pages].map(([file, page]) => {
    fs.writeFileSync(path.join(PAGES_DIR, file), `${JSON.stringify(page, null, 2)}\n`);
    return path.join(PAGES_DIR, file);
  });
  // In the repository's JSON style, so `npm run lint` passes.
  execFileSync(path.resolve(import.meta.dirname, "../node_modules/.bin/biome"), [
    "format",
    "--write",
    TEAM_FILE,
    ...files,
  ]);
  console.log(`${PAGES_DIR}: ${pages.size} broker pages`);
}
