import "./styles/global.css";

// Every block, ui and shell stylesheet goes into the document's CSS, so server-rendered
// HTML is styled before any view code loads (views themselves load on demand). Features
// (search, maps, forms) bring their own stylesheets: the server links them for the pages
// whose views import them (renderer/lib/view-modules.server.ts).
import.meta.glob(["./ui/**/*.css", "./blocks/**/*.css"], { eager: true });

import { useContext, useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../schema/locales";
import type { Route } from "./+types/root";
import { servicesContext } from "./lib/context";
import { useNonce } from "./lib/csp";
import { useI18nInstance } from "./lib/i18n";
import { LOCALE_COOKIE, localeCookie } from "./lib/locale";
import type { ErrorView, PageView } from "./lib/page-loader.server";
import { findPageView } from "./lib/page-match";
import { errorMeta } from "./lib/seo";
import { FollowLinkProvider } from "./lib/site";
import { themeStyleText } from "./lib/theme";
import { ErrorPage } from "./ui/ErrorPage";
import { Shell } from "./ui/Shell";

/** Public settings the whole app needs, error pages included (read once per document). */
export function loader({ context }: Route.LoaderArgs) {
  let exposeErrors = false;
  let mapTiles = { url: "", attribution: "" };
  try {
    const { config } = context.get(servicesContext);
    exposeErrors = config.exposeErrors;
    // Every map of every route draws the configured tiles (else the offline base map).
    mapTiles = { url: config.mapTileUrl, attribution: config.mapTileAttribution };
  } catch {
    // No services on this request: keep errors hidden.
  }
  // The default theme, for pages without page data (an unmatched route's 404).
  return { exposeErrors, mapTiles, themeStyle: themeStyleText(undefined) };
}

export function meta({ error }: Route.MetaArgs) {
  return error ? errorMeta(error) : [];
}

export function shouldRevalidate() {
  return false;
}

function useLocaleAndPage(): { locale: Locale; view?: PageView } {
  const matches = useMatches();
  const view = findPageView(matches);
  const lang = matches.map((m) => m.params.lang).find(isLocale);
  return { locale: view?.locale ?? lang ?? DEFAULT_LOCALE, view };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { locale, view } = useLocaleAndPage();
  const error = useRouteError();
  const errorView = isRouteErrorResponse(error) ? (error.data as Partial<ErrorView> | undefined) : undefined;
  const errorLocale = isLocale(errorView?.locale) ? errorView.locale : undefined;
  const lang = errorLocale ?? locale;
  const page = view?.page ?? errorView?.page;
  const rootData = useRouteLoaderData("root") as { themeStyle?: string } | undefined;
  const nonce = useNonce();
  const i18n = useI18nInstance(lang);
  useLocaleCookie(lang);
  return (
    // Error reports (SENTRY_DSN) are announced by the server in the document it sends
    // (lib/error-reporting.server.ts): no byte of the client's code knows of them.
    <html lang={`${lang}-CA`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href={page?.metadata.favicon ?? "/favicon.svg"} />
        {page?.metadata.elements.map((el) => (
          <link key={`${el.rel}${el.href}`} rel={el.rel} href={el.href} type={el.type} sizes={el.sizes} />
        ))}
        <style id="theme-vars">{view?.themeStyle ?? errorView?.themeStyle ?? rootData?.themeStyle}</style>
        <Meta />
        {import.meta.env.DEV ? <Links /> : <RouteStylesheets />}
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <FollowLinkProvider>{children}</FollowLinkProvider>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The language cookie follows the page the visitor is reading, once it is on screen (a document's
 * loader sets it on the server; a client navigation lands here). Never from a prefetch.
 */
function useLocaleCookie(locale: Locale) {
  useEffect(() => {
    if (!document.cookie.split("; ").includes(`${LOCALE_COOKIE}=${locale}`)) {
      // biome-ignore lint/suspicious/noDocumentCookie: one non-HttpOnly cookie, written on the page the visitor opened.
      document.cookie = localeCookie(locale);
    }
  }, [locale]);
}

/**
 * The routes' stylesheets as React resources (`precedence`): React writes them at the top
 * of the head, before the modulepreload links of the page's scripts, so the render-blocking
 * CSS is requested first. (React Router's <Links> writes them after those links, and on a
 * slow connection the scripts then delay the first paint.) No route exports `links`; the
 * dev server keeps <Links> for its inline critical CSS.
 */
function RouteStylesheets() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  const hrefs = new Set(matches.flatMap((match) => framework?.manifest.routes[match.id]?.css ?? []));
  return [...hrefs].map((href) => <link key={href} rel="stylesheet" href={href} precedence="default" />);
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage error={error} />;
}
