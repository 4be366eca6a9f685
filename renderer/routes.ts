import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/root-redirect.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route(":lang/*", "routes/page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
