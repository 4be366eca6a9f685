import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { APP_SEGMENTS as A, BLOG_SEGMENT } from "../schema/site-routes";
import { STUDIO_SCREEN_ROUTES } from "./lib/studio-paths";

// Every path segment that is not a content page comes from schema/site-routes.ts: a page may not
// take a path these routes would answer (the studio refuses it, the content service too).

export default [
  index("routes/root-redirect.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/pages.xml", "routes/sitemap-pages.ts"),
  route("sitemaps/listings/:file", "routes/sitemap-listings.ts"),
  route(`:lang/${A.studio}/blocks`, "routes/gallery.tsx", { id: "gallery" }),
  route(`:lang/${A.studio}/blocks/:type`, "routes/gallery.tsx", { id: "gallery-block" }),
  // Editor sign-in, sign-out, first-run activation and account pages (French and English slugs).
  route(`:lang/${A.studio}/:slug`, "routes/auth.tsx", { id: "auth" }),
  // The studio's screens (renderer/lib/studio-paths.ts names them per language).
  ...STUDIO_SCREEN_ROUTES.map(({ slug, id }) => route(`:lang/${A.studio}/${slug}`, "routes/studio.tsx", { id })),
  route(":lang/qa/demandes", "routes/leads.tsx", { id: "leads-fr" }),
  route(":lang/qa/leads", "routes/leads.tsx", { id: "leads-en" }),
  route(`:lang/${A.studio}/flux`, "routes/feeds.tsx", { id: "feeds-fr" }),
  route(`:lang/${A.studio}/feed`, "routes/feeds.tsx", { id: "feeds-en" }),
  route(`:lang/${A.listingFr}/:slug`, "routes/listing.tsx", { id: "listing-fr" }),
  route(`:lang/${A.listingEn}/:slug`, "routes/listing.tsx", { id: "listing-en" }),
  // A saved-search alert's own page, and the List-Unsubscribe URL of its e-mails (issue 32).
  route(`fr/${A.alertFr}/:token`, "routes/alert.tsx", { id: "alert-fr" }),
  route(`en/${A.alertEn}/:token`, "routes/alert.tsx", { id: "alert-en" }),
  route("u/:token", "routes/alert-unsubscribe.ts", { id: "alert-unsubscribe" }),
  route(`:lang/${A.favouritesFr}`, "routes/favourites.tsx", { id: "favourites-fr" }),
  route(`:lang/${A.favouritesEn}`, "routes/favourites.tsx", { id: "favourites-en" }),
  route(`fr/${BLOG_SEGMENT.fr}/rss.xml`, "routes/feed.ts", { id: "feed-fr" }),
  route(`en/${BLOG_SEGMENT.en}/rss.xml`, "routes/feed.ts", { id: "feed-en" }),
  route(`fr/${BLOG_SEGMENT.fr}/:slugId`, "routes/blog-post.tsx", { id: "blog-post-fr" }),
  route(`en/${BLOG_SEGMENT.en}/:slugId`, "routes/blog-post.tsx", { id: "blog-post-en" }),
  route(`:lang/${A.widget}/listings`, "routes/widget-listings.tsx", { id: "widget-listings" }),
  // Preview links (issue 33): a page's draft for someone without an account.
  route(`fr/${A.previewFr}/:token`, "routes/preview.tsx", { id: "preview-fr" }),
  route(`en/${A.previewEn}/:token`, "routes/preview.tsx", { id: "preview-en" }),
  route(":lang/*", "routes/page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
