/**
 * The i18n instance components get (renderer/lib/i18n.ts): a facade of the locale's i18next
 * instance whose translate function remembers plain lookups, and forgets them whenever
 * messages are added (a feature namespace loading in the browser).
 */
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { extendMessages, getI18n } from "../renderer/lib/i18n";

function Greeting({ name }: { name?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language}>
      {`${name ? t("test-i18n.hello-named", { name }) : t("test-i18n.hello")}|${t("test-i18n.later")}`}
    </p>
  );
}

const render = (locale: "fr" | "en", name?: string) =>
  renderToString(
    <I18nextProvider i18n={getI18n(locale)}>
      <Greeting name={name} />
    </I18nextProvider>,
  );

describe("the i18n instance of a locale", () => {
  it("translates through useTranslation, with and without options", () => {
    extendMessages("fr", { "test-i18n": { hello: "Bonjour", "hello-named": "Bonjour {{name}}" } });
    expect(render("fr")).toContain("Bonjour|test-i18n.later");
    expect(render("fr", "Julie")).toContain("Bonjour Julie|");
    expect(render("fr", "Marc")).toContain("Bonjour Marc|");
    expect(render("fr")).toContain('lang="fr"');
    // react-i18next copies the own properties of the instance it gets at every mount: none.
    expect(Object.getOwnPropertyNames(getI18n("fr"))).toEqual([]);
  });

  it("serves messages added after a first lookup", () => {
    expect(getI18n("fr").t("test-i18n.later")).toBe("test-i18n.later");
    extendMessages("fr", { "test-i18n": { later: "Plus tard" } });
    expect(getI18n("fr").t("test-i18n.later")).toBe("Plus tard");
    expect(render("fr")).toContain("|Plus tard");
  });

  it("keeps each language apart, and honours another language or namespace when asked", () => {
    extendMessages("en", { "test-i18n": { hello: "Hello" } });
    expect(getI18n("en").t("test-i18n.hello")).toBe("Hello");
    expect(getI18n("fr").t("test-i18n.hello")).toBe("Bonjour");
    expect(getI18n("fr").getFixedT("fr")("test-i18n.hello")).toBe("Bonjour");
    expect(getI18n("fr").getFixedT("fr", "translation", "test-i18n")("hello")).toBe("Bonjour");
  });
});
