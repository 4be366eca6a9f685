/**
 * The alert e-mail's listings and headers (issue 32): each listing's first photo (from the feed
 * with its size, or the site's own picture), absolute, sized and with alt text, links and facts
 * still in text when images are off; List-Unsubscribe with its https URL and a mailto:; the
 * document React Email renders (its doctype, the inbox preview line) in the subscription's language.
 */
import { describe, expect, it } from "vitest";
import { composeConfirmEmail, composeMatchesEmail, PHOTO_WIDTH, photoUrl } from "../server/alerts/email";
import { type AlertItem, firstPhoto } from "../server/alerts/match";
import type { ListingRecord } from "../server/content/data/listings-generator";

const item = (uls: string, photo?: AlertItem["photo"]): AlertItem => ({
  uls,
  kind: "new",
  price: 450_000,
  rent: false,
  address: { fr: `${uls}, rue des Érables`, en: `${uls} des Érables Street` },
  url: { fr: `/fr/propriete/condo-${uls}`, en: `/en/property/condo-${uls}` },
  city: "Québec",
  type: "condo",
  bed: 2,
  bath: 1,
  ...(photo ? { photo } : {}),
});

function compose(items: AlertItem[], unsubscribeEmail?: string, locale: "fr" | "en" = "fr") {
  return composeMatchesEmail({
    locale,
    origin: "https://julietremblay.example",
    sender: {
      name: "Julie Tremblay, courtière immobilière résidentielle, permis OACIQ J7421",
      siteName: "Julie Tremblay",
      address: "1250, boulevard Guillaume-Couture, Lévis (Québec) G6W 0R5",
      contact: "418 555-0142",
    },
    from: "alertes@julietremblay.example",
    ...(unsubscribeEmail ? { unsubscribeEmail } : {}),
    to: "zoe@example.com",
    messageId: "00000000-0000-4000-8000-000000000001",
    token: "AbCdEfGhIjKlMnOpQrStUv",
    items,
    more: 0,
    search: { type: ["condo"] },
    page: "/fr/proprietes",
    frequency: "instant",
    createdAt: "2026-11-01T12:00:00.000Z",
  });
}

const images = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);

describe("the alert e-mail's photos", () => {
  it("shows each listing's first photo, absolute, sized to the card, with alt text, linked to the listing", async () => {
    const email = await compose([
      item("101", { url: "https://photos.feed.example/101/1.jpg", width: 1024, height: 768 }),
      item("102", { url: "/images/listings/3.svg", width: 800, height: 600 }),
      item("103", { url: "https://photos.feed.example/103/1.jpg" }),
    ]);
    const [a, b, c] = images(email.html);
    expect(a).toContain('src="https://photos.feed.example/101/1.jpg"');
    expect(a).toContain(`width="${PHOTO_WIDTH}"`);
    expect(a).toContain(`height="${Math.round((PHOTO_WIDTH * 768) / 1024)}"`);
    expect(a).toContain('alt="Photo de la propriété au 101, rue des Érables, Québec"');
    expect(b).toContain('src="https://julietremblay.example/images/listings/3.svg"');
    // Unknown size: the width alone (the height follows the picture), never a guessed height.
    expect(c).toContain(`width="${PHOTO_WIDTH}"`);
    expect(c).not.toMatch(/height="/);
    expect(email.html).toMatch(
      /<a href="https:\/\/julietremblay\.example\/fr\/propriete\/condo-101"[^>]*><img [^>]*src="https:\/\/photos\.feed\.example\/101\/1\.jpg"/,
    );
    // Images off: price, address and link are text, not in a picture; the text part has them too.
    const withoutImages = email.html.replace(/<img [^>]*>/g, "");
    expect(withoutImages).toContain("450\u00a0000\u00a0$");
    expect(withoutImages).toContain("101, rue des Érables");
    expect(email.text).toContain("https://julietremblay.example/fr/propriete/condo-101");
    expect(email.text).not.toContain("photos.feed.example");
  });

  it("shows no photo rather than a broken or insecure one", async () => {
    const email = await compose([
      item("201"),
      item("202", { url: "http://photos.feed.example/202.jpg" }),
      item("203", { url: "//evil.example/x.jpg" }),
      item("204", { url: "javascript:alert(1)" }),
    ]);
    expect(images(email.html)).toEqual([]);
    expect(photoUrl("/images/listings/1.svg", "https://a.example")).toBe("https://a.example/images/listings/1.svg");
  });

  it("takes the feed's first photo with its size, else the listing's own picture", () => {
    const base = { photos: undefined, property_image: "", carousel_images: [] } as unknown as ListingRecord;
    expect(
      firstPhoto({
        ...base,
        photos: [
          { url: "https://p.example/1.jpg", width: 1200, height: 800 },
          { url: "https://p.example/2.jpg", width: 10, height: 10 },
        ],
        property_image: "https://p.example/1.jpg",
      }),
    ).toEqual({ url: "https://p.example/1.jpg", width: 1200, height: 800 });
    expect(firstPhoto({ ...base, property_image: "/images/listings/4.svg" })).toEqual({
      url: "/images/listings/4.svg",
      width: 800,
      height: 600,
    });
    expect(firstPhoto({ ...base, carousel_images: ["https://p.example/c.jpg"] })).toEqual({
      url: "https://p.example/c.jpg",
    });
    expect(firstPhoto(base)).toBeUndefined();
  });
});

describe("the alert e-mail's List-Unsubscribe", () => {
  it("offers the one-click https URL and a mailto: to a mailbox a person reads", async () => {
    const email = await compose([item("301")], "julie@julietremblay.example");
    const header = email.headers["List-Unsubscribe"];
    expect(header).toBe(
      "<https://julietremblay.example/u/AbCdEfGhIjKlMnOpQrStUv>, <mailto:julie@julietremblay.example?subject=unsubscribe>",
    );
    expect(email.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Without a mailbox of its own, the mailto: goes to the sender's address.
    expect((await compose([item("302")])).headers["List-Unsubscribe"]).toContain(
      "<mailto:alertes@julietremblay.example?subject=unsubscribe>",
    );
  });
});

const SENDER = {
  name: "Julie Tremblay, courtière immobilière résidentielle, permis OACIQ J7421",
  siteName: "Julie Tremblay",
  address: "1250, boulevard Guillaume-Couture, Lévis (Québec) G6W 0R5",
  contact: "418 555-0142",
};

/** The hidden preview line React Email's `Preview` writes first in the body (then filler spaces). */
const previewOf = (html: string) => /<div [^>]*data-skip-in-text="true"[^>]*>([^<]*)<div>/.exec(html)?.[1];

describe("the alert e-mail's document (React Email)", () => {
  it("is React Email's XHTML document in the subscription's language, with its preview line", async () => {
    const drop: AlertItem = { ...item("401"), kind: "price_drop", price: 410_000, old_price: 450_000 };
    const fr = await compose([drop, item("402")]);
    expect(fr.html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
    expect(fr.html).toContain('<html dir="ltr" lang="fr">');
    expect(fr.html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(fr.html).toContain('<meta name="x-apple-disable-message-reformatting"/>');
    // The inbox shows the news, not the site's name and the title the subject repeats.
    expect(previewOf(fr.html)).toBe(
      "Baisse de prix · 410\u00a0000\u00a0$ · 401, rue des Érables, Québec — Nouvelle inscription · 450\u00a0000\u00a0$ · 402, rue des Érables, Québec",
    );
    // The old price struck in the card, in words in the text part; no React Email image preload.
    expect(fr.html).toContain("<s>Avant : 450\u00a0000\u00a0$</s>");
    expect(fr.text).toContain("410\u00a0000\u00a0$ (Avant : 450\u00a0000\u00a0$)");
    expect(fr.html).not.toContain('rel="preload"');
    // Every cell the text sits in has its own background (clients' dark modes invert around them).
    const cells = [...fr.html.matchAll(/<td [^>]*style="([^"]*)"[^>]*>(?=[^<]*<(?:p|h1|a)\b)/g)].map((m) => m[1]);
    expect(cells.length).toBeGreaterThan(4);
    for (const style of cells) expect(style).toMatch(/background-color:#[0-9a-f]{6}/);

    const en = await compose([drop], undefined, "en");
    expect(en.html).toContain('<html dir="ltr" lang="en">');
    expect(en.subject).toBe("1 listing for your alert");
    expect(previewOf(en.html)).toBe("Price drop · $410,000 · 401 des Érables Street, Québec");
    expect(en.html).toContain("<s>Was $450,000</s>");
    expect(en.text).toContain("Manage my alert: https://julietremblay.example/en/alert/AbCdEfGhIjKlMnOpQrStUv");
    expect(en.html).not.toContain("Nouvelle inscription");
  });

  it("confirms with the alert page's link, the sender's block and the intro as the preview line", async () => {
    const email = await composeConfirmEmail({
      locale: "en",
      origin: "https://julietremblay.example",
      sender: SENDER,
      from: "alertes@julietremblay.example",
      to: "zoe@example.com",
      messageId: "00000000-0000-4000-8000-000000000002",
      token: "AbCdEfGhIjKlMnOpQrStUv",
      search: { type: ["condo"] },
    });
    const intro = "You asked to receive by e-mail the listings that match your search on Julie Tremblay.";
    expect(previewOf(email.html)).toBe(intro);
    expect(email.html).toMatch(
      /<a href="https:\/\/julietremblay\.example\/en\/alert\/AbCdEfGhIjKlMnOpQrStUv"[^>]*>.*Confirm my alert/,
    );
    expect(email.html).toContain(`Sent by ${SENDER.name}`);
    expect(email.html).toContain(`Mailing address: ${SENDER.address}`);
    expect(email.text).toContain("Confirm my alert: https://julietremblay.example/en/alert/AbCdEfGhIjKlMnOpQrStUv");
    expect(email.text.split("\n").slice(-4)).toEqual([
      "-- ",
      `Sent by ${SENDER.name}`,
      `Mailing address: ${SENDER.address}`,
      `Contact us: ${SENDER.contact}`,
    ]);
    expect(email.headers).toEqual({});
  });
});
