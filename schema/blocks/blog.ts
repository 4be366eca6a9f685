import { defineBlock } from "../block";
import { f } from "../fields";

/** The text blocks an article's main content is made of (rendered through the render registry). */
export const BLOG_CONTENT_TYPES = ["text_block_1", "text_block_2", "txt_img_double_block_1"] as const;
/** The same names as the block types' own labels (tests/studio-labels.test.ts checks they agree). */
const BLOG_CONTENT_TYPE_LABELS = {
  text_block_1: { fr: "Texte avec bouton", en: "Text with a button" },
  text_block_2: { fr: "Texte et boutons alignés", en: "Aligned text and buttons" },
  txt_img_double_block_1: { fr: "Texte et deux médias", en: "Text and two media" },
} as const;

export const blogPostBlock = defineBlock({
  type: "blog_post_block",
  family: "blog",
  label: { fr: "Article de blogue", en: "Blog post" },
  description: { fr: "Un article de blogue complet", en: "A full blog post" },
  fields: {
    author_avatar: f.image().optional(),
    author_name: f.text().optional(),
    list_items_repeater: f
      .repeater("list_item", { icon: f.icon().optional(), description: f.text().optional() }, "list_items_repeater")
      .optional(),
    /** Per-language content blocks: each item becomes a block of `block_type`. */
    main_content: f
      .repeater(
        "blog_content_item",
        {
          block_type: f.select(BLOG_CONTENT_TYPES, "block_type", BLOG_CONTENT_TYPE_LABELS).default("text_block_1"),
          main_title: f.text().optional(),
          description: f.richtext().optional(),
          image: f.image().optional(),
        },
        "main_content",
      )
      .optional(),
    main_image: f.image().optional(),
    main_title: f.text().optional(),
    tags_repeater: f.repeater("tag_item", { tag: f.text() }, "tags_repeater").optional(),
  },
  permissions: { colorScheme: false },
  example: {
    block_params: {},
    fields: {
      fr: {
        author_avatar: { url: "/images/authors/julie-tremblay.svg", alt: "" },
        author_name: "Julie Tremblay",
        list_items_repeater: [
          { icon: { type: "star" }, description: "12 janvier 2026" },
          { icon: { type: "check" }, description: "3 min de lecture" },
        ],
        main_title: "Premier achat : les étapes",
        main_image: { url: "/images/articles/buying.svg", alt: "", width: 1200, height: 675 },
        main_content: [
          {
            block_type: "text_block_1",
            main_title: "La préapprobation",
            description: "<p>Rencontrez votre prêteur pour connaître votre budget réel.</p>",
          },
        ],
        tags_repeater: [{ tag: "premier achat" }, { tag: "notaire" }],
      },
      en: {
        author_avatar: { url: "/images/authors/julie-tremblay.svg", alt: "" },
        author_name: "Julie Tremblay",
        list_items_repeater: [
          { icon: { type: "star" }, description: "January 12, 2026" },
          { icon: { type: "check" }, description: "3 min read" },
        ],
        main_title: "First purchase: the steps",
        main_image: { url: "/images/articles/buying.svg", alt: "", width: 1200, height: 675 },
        main_content: [
          {
            block_type: "text_block_1",
            main_title: "Pre-approval",
            description: "<p>Meet your lender to learn your real budget.</p>",
          },
        ],
        tags_repeater: [{ tag: "first purchase" }, { tag: "notary" }],
      },
    },
  },
});

export const blogArchiveBlock = defineBlock({
  type: "blog_archive_block",
  family: "blog",
  label: { fr: "Archive du blogue", en: "Blog archive" },
  description: {
    fr: "Archive du blogue avec filtre par catégories et tri",
    en: "Blog archive with category filter and sort",
  },
  fields: {
    main_title: f.text().optional(),
    description: f.richtext().optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: { main_title: "Tous les articles" },
      en: { main_title: "All articles" },
    },
  },
});

export const featuredPostBlock = defineBlock({
  type: "featured_post_block",
  family: "blog",
  label: { fr: "Articles en vedette", en: "Featured posts" },
  description: { fr: "Les articles les plus récents, le premier en vedette", en: "Latest posts, the first featured" },
  params: {
    /** How many of the latest articles show (1 to 6). */
    limit: f.number("limit").default(3),
  },
  fields: {
    main_title: f.text().optional(),
    cta: f.link().optional(),
  },
  example: {
    block_params: { color_scheme: "normal", limit: 3 },
    fields: {
      fr: { main_title: "À la une", cta: { url: "/fr/blogue", text: "Tous les articles" } },
      en: { main_title: "Featured", cta: { url: "/en/blog", text: "All articles" } },
    },
  },
});

export const blogGridBlock = defineBlock({
  type: "blog_grid_block",
  family: "blog",
  label: { fr: "Grille d'articles", en: "Post grid" },
  description: { fr: "Grille des derniers articles", en: "Grid of the latest posts" },
  params: {
    /** Articles fetched; fewer show on smaller screens (1 at md-down, 3 at lg-down). */
    limit: f.number("limit").default(4),
  },
  fields: {
    main_title: f.text().optional(),
    cta: f.link().optional(),
  },
  example: {
    block_params: { color_scheme: "normal-grey", limit: 4 },
    fields: {
      fr: { main_title: "Derniers articles du blogue", cta: { url: "/fr/blogue", text: "Lire le blogue" } },
      en: { main_title: "Latest from the blog", cta: { url: "/en/blog", text: "Read the blog" } },
    },
  },
});

export const categoriesSliderBlock = defineBlock({
  type: "categories_slider_block",
  family: "blog",
  label: { fr: "Carrousel de catégories", en: "Category carousel" },
  description: { fr: "Carrousel des catégories du blogue", en: "Carousel of the blog categories" },
  fields: {
    main_title: f.text().optional(),
    description: f.richtext().optional(),
  },
  example: {
    block_params: { color_scheme: "normal" },
    fields: {
      fr: { main_title: "Explorer par sujet" },
      en: { main_title: "Browse by topic" },
    },
  },
});

export const blogBlocks = [
  blogPostBlock,
  blogArchiveBlock,
  featuredPostBlock,
  blogGridBlock,
  categoriesSliderBlock,
] as const;
