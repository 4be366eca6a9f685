/**
 * The alert e-mails (issue 32): the double opt-in confirmation and the matches (instant or
 * digest), in the subscription's language, written with React Email's components and rendered by
 * its `render` (React's server renderer underneath) as e-mail clients need them: presentation
 * tables 600 px wide at most and fluid below, inline styles only, system fonts, colours chosen to
 * read in light and in clients' dark modes (explicit backgrounds on every cell, no text on
 * transparent), a preview line for the inbox, and a plain-text part with the same words and links
 * (written here, not derived from the HTML: see `composeMatchesEmail`). Each listing shows its
 * first photo, from the site or the feed's photo host as its page does (no tracking pixel, nothing
 * added to the URL), sized in the markup and with alt text, and the card reads the same with
 * images off.
 *
 * Every message identifies the sender as CASL and the OACIQ require (the broker as licensed and
 * the agency, the mailing address, a phone and the site), carries a link to the alert's page
 * (change, pause, unsubscribe: no login) and, for alerts, RFC 8058's one-click unsubscribe
 * headers. The Message-ID is the outbox row's id: a retry is the same message.
 */
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Row } from "@react-email/row";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import {
  type AlertFrequency,
  alertPagePath,
  formatAlertPrice,
  oneClickPath,
  type SavedSearch,
  searchQueryOf,
  summarizeSearch,
} from "../../schema/alerts";
import type { Locale } from "../../schema/common";
import { LEAD_TIME_ZONE } from "../../schema/lead-fields";
import { PROPERTY_TYPE_LABELS } from "../../schema/search";
import type { LeadEmail } from "../leads/mail";
import type { AlertItem } from "./match";
import { alertsT } from "./messages";
import type { AlertSender } from "./sender";

export type AlertEmail = LeadEmail;

const INK = "#1f2933";
const MUTED = "#52606d";
const ACCENT = "#0b5cad";
const PAGE_BG = "#eef1f4";
const CARD_BG = "#ffffff";
const LINE = "#d3dae1";
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

interface Common {
  locale: Locale;
  /** https://site.example, no trailing slash. */
  origin: string;
  sender: AlertSender;
  /** The address of the From header. */
  from: string;
  /** The mailto: of List-Unsubscribe (a mailbox a person reads); default: `from`. */
  unsubscribeEmail?: string;
  to: string;
  messageId: string;
  token: string;
}

function Shell({
  locale,
  title,
  preview,
  children,
}: {
  locale: Locale;
  title: string;
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang={locale}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
      </Head>
      <Body style={{ margin: 0, padding: "16px 8px", backgroundColor: PAGE_BG, color: INK, fontFamily: FONT }}>
        <Preview>{preview}</Preview>
        <Container style={{ maxWidth: 600, width: "100%", borderCollapse: "collapse", backgroundColor: PAGE_BG }}>
          {children}
        </Container>
      </Body>
    </Html>
  );
}

const cell: CSSProperties = {
  backgroundColor: CARD_BG,
  color: INK,
  fontFamily: FONT,
  fontSize: 16,
  lineHeight: "24px",
  padding: "0 24px",
};

/** A band of the message: a full-width table whose one cell carries the style (Outlook pads cells only). */
function Band({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Row style={{ borderCollapse: "collapse" }}>
      <Column style={{ ...cell, ...style }}>{children}</Column>
    </Row>
  );
}

/**
 * A paragraph in the cell's font, its size and colour set (React Email's are 14 px with 16 px
 * margins). Margins as longhands: `Text` writes a `margin` shorthand out again as four.
 */
function P({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Text style={{ marginTop: 0, marginBottom: 0, fontSize: 16, lineHeight: "24px", color: INK, ...style }}>
      {children}
    </Text>
  );
}

function Title({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Heading as="h1" style={{ margin: 0, fontSize: 22, lineHeight: "28px", color: INK, ...style }}>
      {children}
    </Heading>
  );
}

function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      // 14 px above and below the label's 120 % line: a 47 px target, as the 48 px one before.
      style={{
        padding: "14px 20px",
        color: "#ffffff",
        backgroundColor: ACCENT,
        borderRadius: 6,
        fontFamily: FONT,
        fontSize: 16,
        fontWeight: 700,
      }}
    >
      {children}
    </Button>
  );
}

// `Link` writes `text-decoration-line: none` first: replaced, and the shorthand for older clients.
const link: CSSProperties = { color: ACCENT, textDecorationLine: "underline", textDecoration: "underline" };

/** The sender's identification (CASL, OACIQ) and the links of control, under every message. */
function Footer({ lines, links }: { lines: string[]; links: { href: string; text: string }[] }) {
  return (
    <>
      <Band style={{ padding: "16px 24px 24px", borderRadius: "0 0 8px 8px" }}>
        <P style={{ fontSize: 14, lineHeight: "20px" }}>
          {links.map((l, i) => (
            <span key={l.href + l.text}>
              {i > 0 ? " · " : ""}
              <Link href={l.href} style={link}>
                {l.text}
              </Link>
            </span>
          ))}
        </P>
      </Band>
      <Band style={{ padding: "16px 24px", backgroundColor: PAGE_BG, fontSize: 13, lineHeight: "19px", color: MUTED }}>
        {lines.map((line) => (
          <P key={line} style={{ marginBottom: 6, fontSize: 13, lineHeight: "19px", color: MUTED }}>
            {line}
          </P>
        ))}
      </Band>
    </>
  );
}

function senderLines(common: Common): string[] {
  const t = alertsT(common.locale);
  return [
    t("alerts.email.sender", { sender: common.sender.name }),
    t("alerts.email.address", { address: common.sender.address }),
    t("alerts.email.contact", { contact: common.sender.contact }),
  ];
}

function Header({ siteName }: { siteName: string }) {
  return (
    <Band style={{ padding: "20px 24px 8px", borderRadius: "8px 8px 0 0" }}>
      <P style={{ fontSize: 14, fontWeight: 700, color: MUTED, letterSpacing: "0.02em" }}>{siteName}</P>
    </Band>
  );
}

const envelope = (common: Common) => ({
  from: { name: oneLine(common.sender.siteName), address: common.from },
  to: [common.to],
  messageId: `<${common.messageId}@${common.from.split("@")[1] ?? "localhost"}>`,
});

// ---- the confirmation (double opt-in) --------------------------------------------------------------

export async function composeConfirmEmail(common: Common & { search: SavedSearch }): Promise<AlertEmail> {
  const t = alertsT(common.locale);
  const manage = `${common.origin}${alertPagePath(common.locale, common.token)}`;
  const subject = t("alerts.email.confirm-subject");
  const intro = t("alerts.email.confirm-intro", { site: common.sender.siteName });
  const search = summary(common.search, common.locale).join(" · ");
  const lines = senderLines(common);
  const body = (
    <Shell locale={common.locale} title={subject} preview={intro}>
      <Header siteName={common.sender.siteName} />
      <Band style={{ paddingTop: 8 }}>
        <Title style={{ margin: "0 0 12px" }}>{subject}</Title>
        <P style={{ marginBottom: 12 }}>{intro}</P>
        <P style={{ marginBottom: 20, color: MUTED }}>{search}</P>
        <Action href={manage}>{t("alerts.email.confirm-action")}</Action>
        <P style={{ marginTop: 20, fontSize: 14, lineHeight: "20px", color: MUTED }}>
          {t("alerts.email.confirm-ignore")}
        </P>
      </Band>
      <Footer lines={lines} links={[]} />
    </Shell>
  );
  const text = [
    subject,
    "",
    intro,
    search,
    "",
    `${t("alerts.email.confirm-action")} : ${manage}`.replace(" : ", common.locale === "fr" ? "\u00a0: " : ": "),
    "",
    t("alerts.email.confirm-ignore"),
    "",
    "-- ",
    ...lines,
  ].join("\n");
  return { ...envelope(common), subject, text, html: await render(body), headers: {} };
}

// ---- the matches ----------------------------------------------------------------------------------

function summary(search: SavedSearch, locale: Locale): string[] {
  const t = alertsT(locale);
  return summarizeSearch(
    search,
    locale,
    (k, o) => t(k, o),
    (code) => PROPERTY_TYPE_LABELS[code][locale],
  );
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** A date formatter per language and style, made once (making one costs more than rendering an item). */
function dateFormat(locale: Locale, style: "day" | "time"): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      `${locale}-CA`,
      style === "day"
        ? { timeZone: LEAD_TIME_ZONE, dateStyle: "long" }
        : {
            timeZone: LEAD_TIME_ZONE,
            weekday: "long",
            day: "numeric",
            month: "long",
            hour: "numeric",
            minute: "2-digit",
          },
    );
    formats.set(key, format);
  }
  return format;
}

const dateTime = (iso: string, locale: Locale) => dateFormat(locale, "time").format(new Date(iso));
const day = (iso: string, locale: Locale) => dateFormat(locale, "day").format(new Date(iso));

/** An item's lines of facts: what happened, the price (and the old one), the address, specs. */
function itemFacts(item: AlertItem, locale: Locale) {
  const t = alertsT(locale);
  const money = (n: number) =>
    item.rent ? t("alerts.email.per-month", { price: formatAlertPrice(n, locale) }) : formatAlertPrice(n, locale);
  const kind = t(`alerts.email.kinds.${item.kind}`);
  const detail =
    item.kind === "status_change" && item.status
      ? t(`alerts.email.statuses.${item.status}`, { defaultValue: item.status })
      : item.kind === "open_house" && item.open_house?.start
        ? t("alerts.email.open-house-at", { date: dateTime(item.open_house.start, locale) })
        : undefined;
  const specs = [
    PROPERTY_TYPE_LABELS[item.type]?.[locale],
    item.bed ? `${item.bed} ${locale === "fr" ? "ch." : "bd"}` : undefined,
    item.bath ? `${item.bath} ${locale === "fr" ? "sdb" : "ba"}` : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
  return {
    kind: detail ? `${kind} : ${detail}`.replace(" : ", locale === "fr" ? "\u00a0: " : ": ") : kind,
    price: money(item.price),
    was: item.old_price !== undefined ? t("alerts.email.was", { price: money(item.old_price) }) : undefined,
    address: item.address[locale],
    city: item.city,
    specs,
  };
}

/** The photo's width in the card: the 600 px message less the row's padding and the card's border. */
export const PHOTO_WIDTH = 550;

/** A photo's absolute URL: a site path on the site's origin, a feed's https URL as it is, nothing else. */
export function photoUrl(url: string, origin: string): string | undefined {
  if (url.startsWith("/") && !url.startsWith("//")) return `${origin}${url}`;
  return /^https:\/\//i.test(url) ? url : undefined;
}

function Photo({ item, locale, href, origin }: { item: AlertItem; locale: Locale; href: string; origin: string }) {
  const src = item.photo ? photoUrl(item.photo.url, origin) : undefined;
  if (!item.photo || !src) return null;
  const { width, height } = item.photo;
  // Outlook sizes images by their attributes only; others by the style (fluid below 600 px).
  const shownHeight = width && height ? Math.round((PHOTO_WIDTH * height) / width) : undefined;
  const alt = alertsT(locale)("alerts.email.photo-alt", { address: `${item.address[locale]}, ${item.city}` });
  return (
    <Link href={href} style={{ display: "block", lineHeight: 0, color: INK }}>
      <Img
        src={src}
        alt={alt}
        width={PHOTO_WIDTH}
        {...(shownHeight ? { height: shownHeight } : {})}
        style={{
          width: "100%",
          maxWidth: PHOTO_WIDTH,
          height: "auto",
          border: 0,
          // The card's 8 px corner less its 1 px border: the photo fills the rounded card.
          borderRadius: "7px 7px 0 0",
          // Images off: the alt text shows in the card's colours and font.
          fontFamily: FONT,
          fontSize: 14,
          lineHeight: "20px",
          color: INK,
          backgroundColor: LINE,
        }}
      />
    </Link>
  );
}

function Item({ item, locale, href, origin }: { item: AlertItem; locale: Locale; href: string; origin: string }) {
  const t = alertsT(locale);
  const f = itemFacts(item, locale);
  return (
    <Band style={{ padding: "0 24px 16px" }}>
      <Row style={{ borderCollapse: "separate", border: `1px solid ${LINE}`, borderRadius: 8 }}>
        <Column style={{ padding: 0, backgroundColor: CARD_BG, borderRadius: 8 }}>
          <Photo item={item} locale={locale} href={href} origin={origin} />
          <Row>
            <Column style={{ padding: 16, backgroundColor: CARD_BG, color: INK, fontFamily: FONT, borderRadius: 8 }}>
              <P
                style={{
                  marginBottom: 4,
                  fontSize: 13,
                  lineHeight: "18px",
                  fontWeight: 700,
                  color: item.kind === "price_drop" ? "#a3261b" : ACCENT,
                  textTransform: "uppercase",
                  letterSpacing: "0.04em",
                }}
              >
                {f.kind}
              </P>
              <P style={{ marginBottom: 2, fontSize: 20, lineHeight: "26px", fontWeight: 700 }}>
                {f.price}
                {f.was ? (
                  <span style={{ fontSize: 14, fontWeight: 400, color: MUTED }}>
                    {" "}
                    <s>{f.was}</s>
                  </span>
                ) : null}
              </P>
              <P style={{ marginBottom: 2, lineHeight: "22px" }}>{f.address}</P>
              <P style={{ marginBottom: 12, fontSize: 14, lineHeight: "20px", color: MUTED }}>
                {[f.city, f.specs].filter(Boolean).join(" · ")}
              </P>
              <Link href={href} style={{ ...link, fontWeight: 700, fontSize: 15 }}>
                {t("alerts.email.view")}
              </Link>
            </Column>
          </Row>
        </Column>
      </Row>
    </Band>
  );
}

export interface MatchesEmailInput extends Common {
  items: AlertItem[];
  /** Items beyond the cap (not shown; the "see all" link shows them). */
  more: number;
  search: SavedSearch;
  /** The search page's path the alert was made on. */
  page: string;
  frequency: AlertFrequency;
  createdAt: string;
}

/**
 * The plain-text part is written line by line rather than converted from the HTML (React Email's
 * `toPlainText`): the conversion upper-cases the title, adds each photo's link as a bare URL,
 * splits a listing over five paragraphs, drops the colon between a label and its link and the
 * "-- " line that mail apps fold the sender's block under.
 */
export async function composeMatchesEmail(input: MatchesEmailInput): Promise<AlertEmail> {
  const { locale } = input;
  const t = alertsT(locale);
  const total = input.items.length + input.more;
  const subject = t("alerts.email.subject", { count: total });
  const searchText = summary(input.search, locale).join(" · ");
  const intro = t("alerts.email.intro", { search: searchText });
  const manage = `${input.origin}${alertPagePath(locale, input.token)}`;
  const unsubscribe = `${input.origin}${oneClickPath(input.token)}`;
  const query = searchQueryOf(input.search);
  const seeAll = `${input.origin}${input.page}${query ? `?${query}` : ""}`;
  const listingUrl = (item: AlertItem) => `${input.origin}${item.url[locale]}`;
  const why = t("alerts.email.why", { date: day(input.createdAt, locale) });
  const lines = [why, ...senderLines(input)];
  const links = [
    { href: manage, text: t("alerts.email.manage") },
    { href: manage, text: t("alerts.email.unsubscribe") },
  ];
  const facts = input.items.map((item) => itemFacts(item, locale));
  // The inbox's line under the subject: the first listings' news, price and address.
  const preview = facts.map((f) => `${f.kind} · ${f.price} · ${f.address}, ${f.city}`).join(" — ");
  const body = (
    <Shell locale={locale} title={subject} preview={preview || intro}>
      <Header siteName={input.sender.siteName} />
      <Band style={{ padding: "8px 24px 16px" }}>
        <Title style={{ margin: "0 0 8px" }}>{subject}</Title>
        <P style={{ color: MUTED, fontSize: 15, lineHeight: "22px" }}>{intro}</P>
      </Band>
      {input.items.map((item) => (
        <Item
          key={`${item.uls}-${item.kind}`}
          item={item}
          locale={locale}
          href={listingUrl(item)}
          origin={input.origin}
        />
      ))}
      <Band style={{ padding: "0 24px 16px" }}>
        {input.more > 0 ? (
          <P style={{ marginBottom: 12, color: MUTED }}>{t("alerts.email.more", { count: input.more })}</P>
        ) : null}
        <Action href={seeAll}>{t("alerts.email.see-all", { count: total })}</Action>
      </Band>
      <Footer lines={lines} links={links} />
    </Shell>
  );
  const colon = locale === "fr" ? "\u00a0: " : ": ";
  const text = [
    subject,
    "",
    intro,
    "",
    ...input.items.flatMap((item, i) => {
      const f = facts[i]!;
      return [
        `* ${f.kind}`,
        `  ${f.price}${f.was ? ` (${f.was})` : ""}`,
        `  ${f.address}, ${[f.city, f.specs].filter(Boolean).join(" · ")}`,
        `  ${listingUrl(item)}`,
        "",
      ];
    }),
    ...(input.more > 0 ? [t("alerts.email.more", { count: input.more })] : []),
    `${t("alerts.email.see-all", { count: total })}${colon}${seeAll}`,
    "",
    `${t("alerts.email.manage")}${colon}${manage}`,
    "",
    "-- ",
    ...lines,
  ].join("\n");
  return {
    ...envelope(input),
    subject,
    text,
    html: await render(body),
    headers: {
      // RFC 8058: a POST of "List-Unsubscribe=One-Click" to the https URL unsubscribes, without
      // cookies; the mailto: is RFC 2369's other way (a person honours it from the studio's inbox).
      // Short on purpose: a long header is folded, and folding once broke DKIM signatures.
      "List-Unsubscribe": `<${unsubscribe}>, <mailto:${input.unsubscribeEmail ?? input.from}?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
