/**
 * The alert e-mail's listings and headers (issue 32): each listing's first photo (from the feed
 * with its size, or the site's own picture), absolute, sized and with alt text, links and facts
 * still in text when images are off; List-Unsubscribe with its https URL and a mailto:.
 */
import { describe, expect, it } from "vitest";
import { composeMatchesEmail, PHOTO_WIDTH, photoUrl } from "../server/alerts/email";
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

function compose(items: AlertItem[], unsubscribeEmail?: string) {
  return composeMatchesEmail({
    locale: "fr",
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
  it("shows each listing's first photo, absolute, sized to the card, with alt text, linked to the listing", () => {
    const email = compose([
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
      /<a href="https:\/\/julietremblay\.example\/fr\/propriete\/condo-101"[^>]*><img src="https:\/\/photos\.feed\.example\/101\/1\.jpg"/,
    );
    // Images off: price, address and link are text, not in a picture; the text part has them too.
    const withoutImages = email.html.replace(/<img [^>]*>/g, "");
    expect(withoutImages).toContain("450\u00a0000\u00a0$");
    expect(withoutImages).toContain("101, rue des Érables");
    expect(email.text).toContain("https://julietremblay.example/fr/propriete/condo-101");
    expect(email.text).not.toContain("photos.feed.example");
  });

  it("shows no photo rather than a broken or insecure one", () => {
    const email = compose([
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
  it("offers the one-click https URL and a mailto: to a mailbox a person reads", () => {
    const email = compose([item("301")], "julie@julietremblay.example");
    const header = email.headers["List-Unsubscribe"];
    expect(header).toBe(
      "<https://julietremblay.example/u/AbCdEfGhIjKlMnOpQrStUv>, <mailto:julie@julietremblay.example?subject=unsubscribe>",
    );
    expect(email.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Without a mailbox of its own, the mailto: goes to the sender's address.
    expect(compose([item("302")]).headers["List-Unsubscribe"]).toContain(
      "<mailto:alertes@julietremblay.example?subject=unsubscribe>",
    );
  });
});
