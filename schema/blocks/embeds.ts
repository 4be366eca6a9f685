/** Embeds (blocks.md §2 Property blocks: external property iframe, script embed; §3 Other content items; §9). */
import { defineBlock } from "../block";
import { f } from "../fields";

export const scriptEmbedBlock = defineBlock({
  type: "script_embed_block",
  family: "embeds",
  label: { fr: "Code intégré", en: "Embedded code" },
  description: { fr: "Code HTML et scripts d'un service externe", en: "HTML and scripts from an external service" },
  params: {
    /** True: nothing is printed on the server; the code is added in the browser only. */
    frontend_only: f.boolean("frontend_only").default(true),
    padding: f
      .object(
        {
          top: f.number("top").default(0),
          right: f.number("right").default(0),
          bottom: f.number("bottom").default(0),
          left: f.number("left").default(0),
        },
        "padding",
      )
      .optional(),
  },
  fields: {
    script_content: f.code("html", "script_content").optional(),
  },
  example: {
    block_params: {
      color_scheme: "normal",
      frontend_only: true,
      padding: { top: 48, right: 24, bottom: 48, left: 24 },
    },
    fields: {
      fr: {
        script_content:
          '<div id="rive-sud-widget" class="embed-note"><p>Taux hypothécaire affiché par notre partenaire : <strong data-rate>…</strong></p></div>\n<script>document.querySelector("#rive-sud-widget [data-rate]").textContent = "5,49 % (5 ans fixe)";</script>',
      },
      en: {
        script_content:
          '<div id="rive-sud-widget" class="embed-note"><p>Mortgage rate from our partner: <strong data-rate>…</strong></p></div>\n<script>document.querySelector("#rive-sud-widget [data-rate]").textContent = "5.49% (5-year fixed)";</script>',
      },
    },
  },
});

export const propertyIframeBlock = defineBlock({
  type: "property_iframe_block",
  family: "embeds",
  label: { fr: "Widget de recherche externe", en: "External search widget" },
  description: {
    fr: "Widget externe de recherche de propriétés (iframe)",
    en: "External property search widget (iframe)",
  },
  fields: {
    main_title: f.text().optional(),
    core_data: f
      .object(
        {
          iframeUrl: f.text("iframeUrl").optional(),
          /** Extra or overriding query parameters (model, pub, desjPub, desjCalc …). */
          iframeQueryParams: f
            .repeater("query_param_item", { name: f.text("name"), value: f.text("value") }, "iframeQueryParams")
            .optional(),
        },
        "core_data",
      )
      .optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: {
        main_title: "Propriétés à vendre sur le réseau",
        core_data: { iframeUrl: "/fr/widget/listings", iframeQueryParams: [] },
      },
      en: {
        main_title: "Properties for sale on the network",
        core_data: { iframeUrl: "/en/widget/listings", iframeQueryParams: [] },
      },
    },
  },
});

export const embedsBlocks = [scriptEmbedBlock, propertyIframeBlock] as const;

/**
 * Code that runs on the site's own origin (an embed's scripts and raw HTML) is an
 * administrator's right, as WordPress's `unfiltered_html`: a script on a page runs with the
 * session of every editor who views it, so an editor's script could act as an administrator.
 * The content service refuses an editor's save that adds or changes such code; the studio
 * shows the field read-only to editors.
 */
export const ADMIN_ONLY_BLOCK_TYPES: ReadonlySet<string> = new Set([scriptEmbedBlock.type]);

/** The embed code of blocks (each language's), to compare a save with what is stored. */
export function embedCodesOf(blocks: readonly unknown[]): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  for (const block of blocks) {
    if (!block || typeof block !== "object") continue;
    const { id, block_type, fields } = block as { id?: unknown; block_type?: unknown; fields?: unknown };
    if (typeof block_type !== "string" || !ADMIN_ONLY_BLOCK_TYPES.has(block_type)) continue;
    const byLocale = (fields ?? {}) as Record<string, { script_content?: unknown } | undefined>;
    const code = ["fr", "en"]
      .map((locale) => byLocale[locale]?.script_content)
      .filter((c): c is string => typeof c === "string" && c.trim() !== "");
    codes.set(typeof id === "string" ? id : `#${codes.size}`, code);
  }
  return codes;
}

/** Ids of the blocks of `next` whose embed code is not already in `previous` (added or changed). */
export function newEmbedCode(previous: readonly unknown[], next: readonly unknown[]): string[] {
  const known = new Set([...embedCodesOf(previous).values()].flat());
  return [...embedCodesOf(next)].filter(([, code]) => code.some((c) => !known.has(c))).map(([id]) => id);
}
