/**
 * Headers a browser writes, damaged or hostile (issue 27, defects 1 and 2): one parser for cookies,
 * Accept-Language and Accept-Encoding (schema/http-headers.ts) that ignores garbage; over HTTP, no
 * damaged cookie or header yields a 5xx on any page, cached or not; the language cookie is set by a
 * page the visitor opens, never by a data request (a prefetch).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../renderer/lib/locale";
import { hasCookie, preferredEncoding, preferredLanguage, readCookie, readCookies } from "../schema/http-headers";
import { sessionCookieValue } from "../server/auth/cookie";
import { HAS_BUILD, type HttpApp, startHttpApp } from "./helpers/http-app";

/** Cookie headers seen from damaged browsers, extensions and scanners. */
const DAMAGED_COOKIES = [
  `${LOCALE_COOKIE}=%`,
  `${LOCALE_COOKIE}=%E0%A4%A`,
  `${LOCALE_COOKIE}=%ZZ; courtier_session=%`,
  `courtier_session=%E0%A4%A; ${LOCALE_COOKIE}=en`,
  "=;;=; ;",
  `${LOCALE_COOKIE}`,
  `${LOCALE_COOKIE}="unterminated`,
  `${"x".repeat(6000)}=1`,
  "courtier_edit_mode=%",
];
const DAMAGED_LANGUAGES = ["%%", ";;;q=", "en;q=abc", "*;q=2, fr;q=-1", "é,à", "x".repeat(3000)];
const DAMAGED_ENCODINGS = ["%%", "gzip;q=abc", "br;q=", ";;;,,,", "*;q=0", "identity;q=0, *;q=0"];

describe("schema/http-headers: garbage in, nothing thrown", () => {
  it("reads cookies whatever their encoding, keeping a value that does not decode as it came", () => {
    expect(readCookie(`${LOCALE_COOKIE}=%`, LOCALE_COOKIE)).toBe("%");
    expect(readCookie(`a=%E0%A4%A; ${LOCALE_COOKIE}=en`, LOCALE_COOKIE)).toBe("en");
    expect(readCookie(`${LOCALE_COOKIE}=caf%C3%A9`, LOCALE_COOKIE)).toBe("café");
    expect(readCookie("other=1", LOCALE_COOKIE)).toBeUndefined();
    expect(readCookie(null, LOCALE_COOKIE)).toBeUndefined();
    expect(readCookie(["a=1", `${LOCALE_COOKIE}=fr`], LOCALE_COOKIE)).toBe("fr");
    for (const header of DAMAGED_COOKIES) {
      expect(() => readCookies(header)).not.toThrow();
      expect(() => hasCookie(header, ["courtier_session"])).not.toThrow();
    }
    expect(hasCookie("a=1; courtier_edit_mode=1", ["courtier_session", "courtier_edit_mode"])).toBe(
      "courtier_edit_mode",
    );
  });

  it("takes only a well-formed session secret from the session cookie", () => {
    const secret = "abcdefghijklmnopqrstuvwxyz012345";
    expect(sessionCookieValue(`courtier_session=${secret}`, false)).toBe(secret);
    expect(sessionCookieValue("courtier_session=%", false)).toBeUndefined();
    expect(sessionCookieValue(`courtier_session=${secret}%00`, false)).toBeUndefined();
    expect(sessionCookieValue(`__Host-courtier_session=${secret}`, false)).toBeUndefined();
    expect(sessionCookieValue(`__Host-courtier_session=${secret}`, true)).toBe(secret);
  });

  it("negotiates the language by quality, fr-CA matching fr, and ignores what it cannot read", () => {
    const both = ["fr", "en"] as const;
    expect(preferredLanguage("en-US,en;q=0.9,fr;q=0.5", both)).toBe("en");
    expect(preferredLanguage("fr-CA,fr;q=0.9", both)).toBe("fr");
    expect(preferredLanguage("de, en;q=0.1", both)).toBe("en");
    expect(preferredLanguage("de", both)).toBeUndefined();
    expect(preferredLanguage(undefined, both)).toBeUndefined();
    for (const header of DAMAGED_LANGUAGES) expect(() => preferredLanguage(header, both)).not.toThrow();
  });

  it("negotiates the coding by quality, Brotli first on a tie, nothing when none is acceptable", () => {
    const codings = ["br", "gzip"] as const;
    expect(preferredEncoding("gzip, deflate, br, zstd", codings)).toBe("br");
    expect(preferredEncoding("gzip", codings)).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5", codings)).toBe("gzip");
    expect(preferredEncoding("br;q=0.2, gzip;q=0.8", codings)).toBe("gzip");
    expect(preferredEncoding("*", codings)).toBe("br");
    expect(preferredEncoding("identity", codings)).toBeUndefined();
    expect(preferredEncoding(undefined, codings)).toBeUndefined();
    for (const header of DAMAGED_ENCODINGS) expect(() => preferredEncoding(header, codings)).not.toThrow();
  });
});

const PATHS = ["/", "/fr", "/en", "/en/contact", "/fr/a-propos", "/fr/proprietes", "/fr/blogue", "/en.data", "/nope"];

describe.skipIf(!HAS_BUILD)("damaged headers over HTTP (production build)", () => {
  for (const cache of ["on", "off"] as const) {
    describe(`page cache ${cache}`, () => {
      let app: HttpApp;
      beforeAll(async () => {
        app = await startHttpApp({ PAGE_CACHE_MB: cache === "on" ? "16" : "0" });
      }, 120_000);
      afterAll(() => app?.close());

      it("never answers a damaged cookie, language or coding with a 5xx", async () => {
        const cases: Record<string, string>[] = [
          ...DAMAGED_COOKIES.map((cookie) => ({ cookie })),
          ...DAMAGED_LANGUAGES.map((language) => ({ "accept-language": language })),
          ...DAMAGED_ENCODINGS.map((encoding) => ({ "accept-encoding": encoding })),
        ];
        for (const target of PATHS) {
          for (const headers of cases) {
            const answer = await app.request(target, { headers });
            expect(answer.status, `${target} with ${JSON.stringify(headers).slice(0, 80)}`).toBeLessThan(500);
          }
        }
      }, 120_000);

      it("opens the visitor's pages in their language when the language cookie is damaged", async () => {
        const fr = await app.request("/fr/a-propos", { headers: { cookie: `${LOCALE_COOKIE}=%` } });
        expect(fr.status).toBe(200);
        expect(fr.body).toContain('lang="fr-CA"');
        // The damaged cookie is replaced by the language of the page opened.
        expect(String(fr.headers["set-cookie"])).toMatch(new RegExp(`^${LOCALE_COOKIE}=fr;`));
        const root = await app.request("/", {
          headers: { cookie: `${LOCALE_COOKIE}=%E0%A4%A`, "accept-language": "en-CA,en;q=0.9" },
        });
        expect(root.status).toBe(302);
        expect(root.headers.location).toBe("/en");
      });

      it("sets the language cookie for a page opened, never for its data (a prefetch)", async () => {
        const document = await app.request("/en/contact", { headers: { cookie: `${LOCALE_COOKIE}=fr` } });
        expect(document.status).toBe(200);
        expect(String(document.headers["set-cookie"])).toMatch(new RegExp(`^${LOCALE_COOKIE}=en;`));
        for (const data of ["/en/contact.data", "/en.data", "/fr/a-propos.data"]) {
          const answer = await app.request(data, { headers: { cookie: `${LOCALE_COOKIE}=fr` } });
          expect(answer.status, data).toBe(200);
          expect(answer.headers["set-cookie"], data).toBeUndefined();
        }
      });
    });
  }
});
