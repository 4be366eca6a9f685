import "./styles/global.css";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../schema/common";
import { getI18n } from "./lib/i18n";
import type { ErrorView, PageView } from "./lib/page-loader.server";
import { themeStyleText } from "./lib/theme";
import { ErrorPage } from "./ui/ErrorPage";
import { Shell } from "./ui/Shell";

function useLocaleAndPage(): { locale: Locale; view?: PageView } {
  const matches = useMatches();
  const pageMatch = matches.find((m) => m.id === "routes/page");
  const view = pageMatch?.loaderData as PageView | undefined;
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
  return (
    <html lang={`${lang}-CA`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href={page?.metadata.favicon ?? "/favicon.svg"} />
        {page?.metadata.elements.map((el) => (
          <link key={`${el.rel}${el.href}`} rel={el.rel} href={el.href} type={el.type} sizes={el.sizes} />
        ))}
        <style id="theme-vars">{themeStyleText(page?.theme)}</style>
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={getI18n(lang)}>{children}</I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
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
