/** Server-side sanitising of rich text (docs/architecture.md "Safety"; blocks.md §5). */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { splitScripts } from "../renderer/blocks/embeds/logic";
import { sanitizeBlocks, sanitizeFields, sanitizeHtml } from "../renderer/lib/sanitize.server";
import type { Block } from "../schema/block";
import { f } from "../schema/fields";
import { parseBlocks } from "../schema/parse";

const DIRTY =
  '<p>Bonjour<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">lien</a>' +
  '<a href="/fr/contact" onclick="alert(4)">contact</a><iframe src="javascript:alert(5)"></iframe>';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/onerror|onclick/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<iframe/i);
}

describe("sanitizeHtml", () => {
  it("strips scripts, event handlers and javascript: URLs, keeps the content", () => {
    const clean = sanitizeHtml(DIRTY);
    expectClean(clean);
    expect(clean).toContain("<p>Bonjour</p>");
    expect(clean).toContain('<a href="/fr/contact">contact</a>');
    expect(clean).toContain("lien");
  });
  it("adds rel=noopener to links opening a new window", () => {
    expect(sanitizeHtml('<a href="https://centris.ca" target="_blank">Centris</a>')).toBe(
      '<a href="https://centris.ca" target="_blank" rel="noopener noreferrer">Centris</a>',
    );
  });
  it("removes style and form tags", () => {
    expect(sanitizeHtml("<style>body{}</style><form><input></form><p>ok</p>")).toBe("<input><p>ok</p>");
  });
});

describe("sanitizeFields", () => {
  it("walks repeaters and nested objects of rich text, leaving other kinds alone", () => {
    const schema = f.object({
      title: f.text(),
      items: f.repeater("text_multiple_row", { description: f.richtext().optional(), label: f.text() }).optional(),
      nested: f.object({ body: f.richtext() }).optional(),
    });
    const out = sanitizeFields(schema, {
      title: "<b>titre</b>",
      items: [{ description: DIRTY, label: "<i>x</i>" }, { label: "y" }],
      nested: { body: DIRTY },
    }) as { title: string; items: { description?: string; label: string }[]; nested: { body: string } };
    expect(out.title).toBe("<b>titre</b>");
    expectClean(out.items[0]!.description!);
    expect(out.items[0]!.label).toBe("<i>x</i>");
    expect(out.items[1]).toEqual({ label: "y" });
    expectClean(out.nested.body);
  });
});

describe("sanitizeBlocks", () => {
  it("sanitises rich text of registered blocks in both locales", () => {
    const { blocks } = parseBlocks([
      {
        id: "t1",
        block_type: "text_block_2",
        block_params: {},
        fields: { fr: { main_title: "Titre", description: DIRTY, cta_repeater: [{ cta: { url: "/fr", text: "x" } }] } },
      },
      {
        id: "t2",
        block_type: "txt_img_double_block_1",
        block_params: { orientation_x: "right" },
        fields: { en: { description: DIRTY, media_repeater: [{ image: { url: "/images/house.svg" } }] } },
      },
    ]);
    expect(blocks).toHaveLength(2);
    const [first, second] = sanitizeBlocks(blocks) as Block<string, unknown, { description: string }>[];
    expectClean(first!.fields.fr.description);
    expectClean(first!.fields.en.description);
    expectClean(second!.fields.en.description);
    expect(second!.fields.fr.description).toContain("Bonjour");
  });
});

describe("script embed (issue 18: content safety)", () => {
  const embed = (code: string) =>
    sanitizeBlocks(
      parseBlocks([
        { id: "s1", block_type: "script_embed_block", block_params: {}, fields: { fr: { script_content: code } } },
      ]).blocks,
    )[0] as Block<string, unknown, { script_content: string }>;

  it("sanitises the markup around the scripts like rich text and keeps the scripts", () => {
    const code =
      '<div id="widget" onclick="steal()"><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">x</a></div>' +
      '<script src="https://cdn.example/w.js?a=1&amp;b=2" defer></script><script>init("widget")</script>';
    const { html, scripts } = splitScripts(embed(code).fields.fr.script_content);
    expectClean(html);
    expect(html).toContain('<div id="widget">');
    expect(scripts).toEqual([
      {
        attributes: [
          ["src", "https://cdn.example/w.js?a=1&b=2"],
          ["defer", ""],
        ],
        text: "",
      },
      { attributes: [], text: 'init("widget")' },
    ]);
  });

  it("does not take <script> written inside an attribute value or a comment for a script", () => {
    const code = '<div title="<script>alert(1)</script>">Hi</div><!-- <script>alert(2)</script> -->';
    const { html, scripts } = splitScripts(embed(code).fields.fr.script_content);
    expect(scripts).toEqual([]);
    expect(html).toContain("Hi");
    // What is left runs nowhere: the title is text, the comment is dropped or inert.
    expect(html).not.toMatch(/<script/);
  });
});

describe("frames in a script embed (issue 33: embeds that vanish)", () => {
  const embed = (code: string, frameHosts?: string[], locale: "fr" | "en" = "fr") =>
    splitScripts(
      (
        sanitizeBlocks(
          parseBlocks([
            {
              id: "s1",
              block_type: "script_embed_block",
              block_params: {},
              fields: { [locale]: { script_content: code } },
            },
          ]).blocks,
          { frameHosts },
        )[0] as Block<string, unknown, { script_content: string }>
      ).fields[locale].script_content,
    ).html;

  it("keeps a known player's frame, sandboxed, lazy, titled, on the privacy-enhanced YouTube host", () => {
    const html = embed(
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc" allow="autoplay; clipboard-write" onload="steal()" allowfullscreen></iframe>',
    );
    const frame = new JSDOM(html).window.document.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?si=abc");
    expect(frame?.getAttribute("sandbox")).toBe(
      "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox",
    );
    // The site decides the player's rights: the pasted allow list is replaced.
    expect(frame?.getAttribute("allow")).not.toContain("clipboard-write");
    expect(frame?.getAttribute("loading")).toBe("lazy");
    expect(frame?.getAttribute("title")).toBe("Lecteur YouTube intégré");
    expect(frame?.getAttribute("style")).toBe("aspect-ratio: 560 / 315");
    expect(frame?.hasAttribute("onload")).toBe(false);
    expect(frame?.hasAttribute("width")).toBe(false);
  });

  it("keeps Vimeo, Matterport and Google Maps players and an editor's title, in English too", () => {
    const html = embed(
      [
        '<iframe src="https://player.vimeo.com/video/76979871" title="Visite de la maison"></iframe>',
        '<iframe src="https://my.matterport.com/show/?m=SxQL3iGyoDo"></iframe>',
        '<iframe src="https://www.google.com/maps/embed?pb=!1m18"></iframe>',
      ].join(""),
      undefined,
      "en",
    );
    const frames = [...new JSDOM(html).window.document.querySelectorAll("iframe")];
    expect(frames.map((frame) => frame.getAttribute("title"))).toEqual([
      "Visite de la maison",
      "Embedded Matterport player",
      "Embedded Google Maps player",
    ]);
  });

  it("drops other hosts, http, a site's other pages and javascript:, unless the operator allows the host", () => {
    const code = [
      '<iframe src="https://evil.example/phish"></iframe>',
      '<iframe src="http://player.vimeo.com/video/1"></iframe>',
      '<iframe src="https://www.google.com/search?q=x"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="https://tour.giraffe360.com/maison"></iframe>',
    ].join("");
    expect(embed(code)).not.toMatch(/<iframe/);
    const allowed = embed(code, ["tour.giraffe360.com"]);
    expect(allowed.match(/<iframe/g)).toHaveLength(1);
    expect(allowed).toContain('src="https://tour.giraffe360.com/maison"');
  });
});
