/** Generic renderers (blocks.md §3, §4, §5): pure helpers and server-rendered output. */
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import { getI18n } from "../renderer/lib/i18n";
import {
  appearStepAt,
  cssFilter,
  hasVideoSource,
  imageLoading,
  isVideoFile,
  objectPosition,
  resolveImage,
  shouldAutoplay,
  showPlayOverlay,
} from "../renderer/lib/media";
import { brToNewlines, escapeHtml, newlinesToBr, textareaLines } from "../renderer/lib/text";
import { Code } from "../renderer/ui/Code";
import { Edito } from "../renderer/ui/Edito";
import { EmbeddedHtml } from "../renderer/ui/EmbeddedHtml";
import { Icon } from "../renderer/ui/Icon";
import { Image } from "../renderer/ui/Image";
import { ICON_NAMES, ICONS, resolveIconName } from "../renderer/ui/icons";
import { Text } from "../renderer/ui/Text";
import { Textarea } from "../renderer/ui/Textarea";
import { Video } from "../renderer/ui/Video";

function html(element: ReactElement, locale: "fr" | "en" = "en"): string {
  return renderToString(createElement(I18nextProvider, { i18n: getI18n(locale) }, element));
}

describe("text helpers", () => {
  it("turns br tags into newlines", () => {
    expect(brToNewlines("Québec<br>Lévis<br/>Montréal<BR />Gatineau")).toBe("Québec\nLévis\nMontréal\nGatineau");
    expect(brToNewlines(undefined)).toBe("");
  });
  it("splits textarea lines and escapes them as HTML", () => {
    expect(textareaLines("a\r\nb\nc")).toEqual(["a", "b", "c"]);
    expect(textareaLines("")).toEqual([]);
    expect(newlinesToBr("1 rue <Saint-Jean>\nQuébec")).toBe("1 rue &lt;Saint-Jean&gt;<br/>Québec");
    expect(escapeHtml(`"'&`)).toBe("&quot;&#39;&amp;");
  });
});

describe("media helpers", () => {
  it("steps the appear animation 0 → 3 over 300 ms", () => {
    expect([0, 50, 100, 150, 200, 299, 300, 1000, -5].map(appearStepAt)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 0]);
  });
  it("falls back to the default image only when the image has no URL", () => {
    const fallback = { url: "/images/default.svg", alt: "Défaut" };
    expect(resolveImage({ url: "/a.svg" }, fallback)?.url).toBe("/a.svg");
    expect(resolveImage({ url: " ", alt: "Julie" }, fallback)).toEqual({ url: "/images/default.svg", alt: "Julie" });
    expect(resolveImage(undefined, fallback)?.url).toBe("/images/default.svg");
    expect(resolveImage(undefined)).toBeUndefined();
  });
  it("loads lazily unless fetchPriority is high", () => {
    expect(imageLoading({})).toBe("lazy");
    expect(imageLoading({ fetchPriority: "low" })).toBe("lazy");
    expect(imageLoading({ fetchPriority: "high" })).toBe("eager");
  });
  it("maps center and filters to CSS", () => {
    expect(objectPosition({ x: 30, y: 120 })).toBe("30% 100%");
    expect(objectPosition(undefined)).toBeUndefined();
    expect(cssFilter({ blur: 2, brightness: 0.8, saturate: 1.2 })).toBe("blur(2px) brightness(0.8) saturate(1.2)");
    expect(cssFilter({ contrast: Number.NaN })).toBeUndefined();
    expect(cssFilter(undefined)).toBeUndefined();
  });
  it("decides autoplay, overlay and sources", () => {
    expect(shouldAutoplay(true, false)).toBe(true);
    expect(shouldAutoplay(true, true)).toBe(false);
    expect(shouldAutoplay(false, false)).toBe(false);
    expect(showPlayOverlay(false, true)).toBe(true);
    expect(showPlayOverlay(true, false)).toBe(true);
    expect(showPlayOverlay(true, true)).toBe(false);
    expect(hasVideoSource({ sources: [], external_sources: [{ url: "https://youtu.be/dQw4w9WgXcQ" }] })).toBe(true);
    expect(hasVideoSource({ sources: [{ url: " " }] })).toBe(false);
    expect(isVideoFile({ url: "/videos/tour.mp4?v=2" })).toBe(true);
    expect(isVideoFile({ url: "https://cdn.example/stream", type: "video/webm" })).toBe(true);
    expect(isVideoFile({ url: "https://youtu.be/dQw4w9WgXcQ" })).toBe(false);
  });
});

describe("Text and Textarea", () => {
  it("renders text with newlines and pre-line, never as HTML", () => {
    const out = html(createElement(Text, { value: "Julie<br>Tremblay <b>x</b>", as: "h2" }));
    expect(out).toBe('<h2 class="text-pre-line">Julie\nTremblay &lt;b&gt;x&lt;/b&gt;</h2>');
  });
  it("renders textarea newlines as <br/>", () => {
    expect(html(createElement(Textarea, { value: "1 rue Saint-Jean\nQuébec (Québec)" }))).toBe(
      "<p>1 rue Saint-Jean<br/>Québec (Québec)</p>",
    );
    expect(html(createElement(Textarea, { value: "" }))).toBe("");
  });
});

describe("Code, Edito, EmbeddedHtml", () => {
  it("shows code escaped in pre/code", () => {
    const out = html(createElement(Code, { code: "<script>alert(1)</script>", language: "html" }), "fr");
    expect(out).toContain('<section class="code-block" aria-label="Extrait de code" tabindex="0"><pre>');
    expect(out).toContain('<code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;</code>');
  });
  it("renders editorial rich text with its class", () => {
    expect(html(createElement(Edito, { html: "<h2>Titre</h2><p>Texte</p>" }))).toBe(
      '<div class="edito richtext"><h2>Titre</h2><p>Texte</p></div>',
    );
  });
  it("never prints embedded HTML on the server", () => {
    expect(html(createElement(EmbeddedHtml, { html: '<img src=x onerror="alert(1)">' }))).toBe("");
  });
});

describe("Image", () => {
  it("renders lazily with alt, width and height", () => {
    const out = html(createElement(Image, { image: { url: "/images/house.svg", width: 640, height: 480 } }));
    expect(out).toContain('src="/images/house.svg"');
    expect(out).toContain('alt=""');
    expect(out).toContain('width="640"');
    expect(out).toContain('height="480"');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('data-appear="3"');
  });
  it("loads high-priority images eagerly", () => {
    const out = html(createElement(Image, { image: { url: "/hero.svg", alt: "Québec", fetchPriority: "high" } }));
    expect(out).toContain('loading="eager"');
    expect(out).toContain('fetchPriority="high"');
    expect(out).toContain('alt="Québec"');
  });
  it("uses the fallback, or renders nothing", () => {
    expect(html(createElement(Image, { image: {}, fallback: { url: "/default.svg" } }))).toContain(
      'src="/default.svg"',
    );
    expect(html(createElement(Image, { image: {} }))).toBe("");
  });
});

describe("Video", () => {
  const base = { sources: [], external_sources: [], autoplay: false, controls: false, loop: true, muted: true };
  it("renders a file video with defaults, position, filter, overlay and fallback text", () => {
    const out = html(
      createElement(Video, {
        video: {
          ...base,
          sources: [{ url: "/videos/tour.mp4", type: "video/mp4" }],
          poster: "/images/house.svg",
          center: { x: 25, y: 75 },
          filters: { brightness: 0.9 },
        },
        title: "Visite",
      }),
    );
    expect(out).toContain("<video");
    expect(out).toContain("loop");
    expect(out).toContain("playsInline");
    expect(out).toContain("object-position:25% 75%");
    expect(out).toContain("filter:brightness(0.9)");
    expect(out).toContain('<source src="/videos/tour.mp4" type="video/mp4"/>');
    expect(out).toContain("Your browser does not support the video tag.");
    expect(out).toContain('class="video__play"');
    expect(out).not.toContain("controls");
  });
  it("shows the French fallback text", () => {
    const out = html(createElement(Video, { video: { ...base, sources: [{ url: "/v.mp4" }] } }), "fr");
    expect(out).toContain("Votre navigateur ne prend pas en charge la balise vidéo.");
  });
  it("hides native controls until the first play", () => {
    const out = html(createElement(Video, { video: { ...base, controls: true, sources: [{ url: "/v.mp4" }] } }));
    expect(out).not.toMatch(/<video[^>]*controls/);
    expect(out).toContain('class="video__play"');
  });
  it("shows a YouTube poster button for a YouTube link", () => {
    const out = html(
      createElement(Video, { video: { ...base, external_sources: [{ url: "https://youtu.be/dQw4w9WgXcQ" }] } }),
    );
    expect(out).toContain("video--youtube");
    expect(out).toContain("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    expect(out).toContain('aria-label="Play video"');
  });
  it("warns and renders nothing for another external link", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const out = html(createElement(Video, { video: { ...base, external_sources: [{ url: "https://vimeo.com/1" }] } }));
    expect(out).toBe("");
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe("Icon", () => {
  it("has the broker icon set, with aliases", () => {
    for (const name of [
      "phone",
      "email",
      "sms",
      "map-pin",
      "facebook",
      "instagram",
      "linkedin",
      "youtube",
      "x",
      "tiktok",
    ])
      expect(ICON_NAMES).toContain(name);
    expect(ICON_NAMES.length).toBeGreaterThanOrEqual(25);
    expect(resolveIconName("twitter")).toBe("x");
    expect(resolveIconName("Phone")).toBe("phone");
    expect(resolveIconName("nope")).toBeUndefined();
    for (const glyph of Object.values(ICONS)) expect(glyph.paths.length).toBeGreaterThan(0);
  });
  it("is decorative by default and labelled with a title", () => {
    expect(html(createElement(Icon, { name: "phone" }))).toContain('aria-hidden="true"');
    const labelled = html(createElement(Icon, { name: "facebook", title: "Facebook" }));
    expect(labelled).toContain('role="img"');
    expect(labelled).toContain("<title>Facebook</title>");
    expect(labelled).toContain('fill="currentColor"');
  });
  it("renders nothing for an unknown icon", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(html(createElement(Icon, { name: "unicorn" }))).toBe("");
    warn.mockRestore();
  });
});

describe("locales", () => {
  it("have the media and text keys in both languages", () => {
    const keys = (o: Record<string, unknown>) => Object.keys(o).sort();
    expect(keys(fr.media)).toEqual(keys(en.media));
    expect(keys(fr.text)).toEqual(keys(en.text));
  });
});
