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
