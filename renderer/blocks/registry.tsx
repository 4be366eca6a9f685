/**
 * The render registry: `block_type` → view. Views load on demand so a page ships
 * only the code of the blocks it shows; `preloadBlocks` resolves them before
 * hydration (entry.client) and on the server, so nothing suspends in practice.
 */
import { type ComponentType, use } from "react";
import type { BlockViewProps } from "./types";

// biome-ignore lint/suspicious/noExplicitAny: views are typed by their own definition; the registry is heterogeneous.
type AnyView = ComponentType<BlockViewProps<any>>;
type Loader = () => Promise<{ default: AnyView }>;

interface Entry {
  Component: AnyView;
  preload: () => Promise<unknown>;
}

function lazyView(load: Loader): Entry {
  let loaded: AnyView | undefined;
  let pending: Promise<AnyView> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return module.default;
    });
    return pending;
  };
  // Created once per block type at module load, never per render.
  function LazyBlockView(props: BlockViewProps<never>) {
    const View = loaded ?? use(preload());
    return <View {...props} />;
  }
  return { Component: LazyBlockView as AnyView, preload };
}

const loaders: Record<string, Loader> = {
  search_properties_block: () => import("./properties/SearchProperties"),
  properties_block: () => import("./properties/PropertiesBlock"),
  properties_slider_block: () => import("./properties/PropertiesSlider"),
  featured_properties_carousel_block: () => import("./properties/FeaturedPropertiesCarousel"),
  sold_properties_map_block: () => import("./properties/SoldPropertiesMap"),
  hero_search_bar_block: () => import("./properties/HeroSearchBar"),
  header_classic_block: () => import("./headers/HeaderClassic"),
  header_megamenu_block: () => import("./headers/HeaderMegamenu"),
  header_out_of_norm_block: () => import("./headers/HeaderOutOfNorm"),
  footer_classic_block: () => import("./footers/FooterClassic"),
  hero_content_1_block: () => import("./heroes/HeroContent1"),
  hero_content_2_block: () => import("./heroes/HeroContent2"),
  hero_cta_block: () => import("./heroes/HeroCta"),
  hero_infos_block: () => import("./heroes/HeroInfos"),
  hero_landing_page_1_block: () => import("./heroes/HeroLandingPage1"),
  hero_profile_page_block: () => import("./heroes/HeroProfilePage"),
  hero_members_search_block: () => import("./heroes/HeroMembersSearch"),
  hero_slider_block: () => import("./heroes/HeroSlider"),
  hero_highlights_block: () => import("./heroes/HeroHighlights"),
  text_block_1: () => import("./text/TextBlock1"),
  text_block_2: () => import("./text/TextBlock2"),
  txt_img_double_block_1: () => import("./text/TxtImgDoubleBlock1"),
  contact_form_block: () => import("./forms/ContactFormBlock"),
  property_alert_block: () => import("./forms/PropertyAlertBlock"),
  property_valuation_block: () => import("./forms/PropertyValuationBlock"),
  mortgage_calculator_block: () => import("./forms/MortgageCalculatorBlock"),
  offices_grid_block: () => import("./offices/OfficesGrid"),
  offices_map_block: () => import("./offices/OfficesMap"),
  map_coordinates_block: () => import("./maps/MapCoordinates"),
  map_fullwidth_block: () => import("./maps/MapFullwidth"),
  rewards_block: () => import("./content/Rewards"),
  statistics_block: () => import("./content/Statistics"),
  qa_accordion_block: () => import("./content/QaAccordion"),
  spacer_block: () => import("./content/Spacer"),
  member_cards_block: () => import("./members/MemberCards"),
  members_carousel_block: () => import("./members/MembersCarousel"),
  team_members_carousel_block: () => import("./members/TeamMembersCarousel"),
  partners_block: () => import("./partners/Partners"),
  bank_partners_block: () => import("./partners/BankPartners"),
  testimonials_brokers_block: () => import("./testimonials/TestimonialsBrokers"),
  testimonials_google_block: () => import("./testimonials/TestimonialsGoogle"),
  testimonials_slider_block: () => import("./testimonials/TestimonialsSlider"),
  testimonials_list_block: () => import("./testimonials/TestimonialsList"),
  testimonials_cards_block: () => import("./testimonials/TestimonialsCards"),
  text_img_multiple_block_1: () => import("./text/TextImgMultiple"),
  image_text_block: () => import("./text/ImageText"),
  list_block: () => import("./text/ListBlock"),
  multi_redirect_horizontal_block: () => import("./text/MultiRedirectHorizontal"),
  multi_redirect_vertical_block: () => import("./text/MultiRedirectVertical"),
  cta_single_block: () => import("./text/CtaSingle"),
  cta_double_block: () => import("./text/CtaDouble"),
  contact_infos_block: () => import("./text/ContactInfos"),
  icon_cta_cards_block: () => import("./text/IconCtaCards"),
  callout_block: () => import("./text/Callout"),
  medias_carousel_block: () => import("./media/MediasCarousel"),
  carousel_cards_block: () => import("./media/CarouselCards"),
  script_embed_block: () => import("./embeds/ScriptEmbed"),
  property_iframe_block: () => import("./embeds/PropertyIframe"),
  error_block: () => import("./utility/ErrorBlock"),
  demo_block: () => import("./utility/DemoBlock"),
  blog_post_block: () => import("./blog/BlogPostBlock"),
  blog_archive_block: () => import("./blog/BlogArchive"),
  featured_post_block: () => import("./blog/FeaturedPost"),
  blog_grid_block: () => import("./blog/BlogGrid"),
  categories_slider_block: () => import("./blog/CategoriesSlider"),
};

// Null prototype, as in schema/registry.ts: inherited names never count as block types.
export const renderRegistry: Readonly<Record<string, Entry>> = Object.assign(
  Object.create(null) as Record<string, Entry>,
  Object.fromEntries(Object.entries(loaders).map(([type, load]) => [type, lazyView(load)])),
);

export function hasView(type: string): boolean {
  return Object.hasOwn(renderRegistry, type);
}

export function preloadBlocks(types: Iterable<string>): Promise<unknown[]> {
  return Promise.all([...new Set(types)].map((type) => renderRegistry[type]?.preload()));
}

export function preloadAllBlocks(): Promise<unknown[]> {
  // The headers' mobile panel is a chunk of its own (lazy in the browser): the server has it too.
  return Promise.all([
    preloadBlocks(Object.keys(renderRegistry)),
    import("./headers/Header").then((m) => m.mobilePanelReady),
  ]);
}
