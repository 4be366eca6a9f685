import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/root-redirect.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/pages.xml", "routes/sitemap-pages.ts"),
  route("sitemaps/listings/:file", "routes/sitemap-listings.ts"),
  route(":lang/qa/blocks", "routes/gallery.tsx", { id: "gallery" }),
  route(":lang/qa/blocks/:type", "routes/gallery.tsx", { id: "gallery-block" }),
  // Editor sign-in, sign-out, first-run activation and account pages (French and English slugs).
  route(":lang/qa/:slug", "routes/auth.tsx", { id: "auth" }),
  route(":lang/qa/sections", "routes/studio.tsx", { id: "studio-sections" }),
  route(":lang/qa/general-settings", "routes/studio.tsx", { id: "studio-settings-en" }),
  route(":lang/qa/parametres-generaux", "routes/studio.tsx", { id: "studio-settings-fr" }),
  route(":lang/qa/demandes", "routes/leads.tsx", { id: "leads-fr" }),
  route(":lang/qa/leads", "routes/leads.tsx", { id: "leads-en" }),
  route(":lang/qa/flux", "routes/feeds.tsx", { id: "feeds-fr" }),
  route(":lang/qa/feed", "routes/feeds.tsx", { id: "feeds-en" }),
  route(":lang/propriete/:slug", "routes/listing.tsx", { id: "listing-fr" }),
  route(":lang/property/:slug", "routes/listing.tsx", { id: "listing-en" }),
  route(":lang/favoris", "routes/favourites.tsx", { id: "favourites-fr" }),
  route(":lang/favourites", "routes/favourites.tsx", { id: "favourites-en" }),
  route("fr/blogue/rss.xml", "routes/feed.ts", { id: "feed-fr" }),
  route("en/blog/rss.xml", "routes/feed.ts", { id: "feed-en" }),
  route("fr/blogue/:slugId", "routes/blog-post.tsx", { id: "blog-post-fr" }),
  route("en/blog/:slugId", "routes/blog-post.tsx", { id: "blog-post-en" }),
  route(":lang/widget/listings", "routes/widget-listings.tsx", { id: "widget-listings" }),
  // Preview links (issue 33): a page's draft for someone without an account.
  route("fr/apercu/:token", "routes/preview.tsx", { id: "preview-fr" }),
  route("en/preview/:token", "routes/preview.tsx", { id: "preview-en" }),
  route(":lang/*", "routes/page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
