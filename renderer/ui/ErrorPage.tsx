/**
 * Error pages (site.md §2, §8): 403, 404, 500, 503 with icon, title, description
 * and both ways out, refresh and home, whatever the status. The debug dump shows
 * only when error exposure is configured (root loader `exposeErrors`); a
 * chunk-load failure reloads the page instead (at most once a minute).
 */
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../schema/locales";
import { BlockList } from "../blocks/BlockList";
import type { ErrorView } from "../lib/page-loader.server";
import { findPageView } from "../lib/page-match";
import { Shell } from "./Shell";
import { withVariant } from "./SmartLink";
import { useReloadOnChunkError } from "./shell/ChunkReload";

/** Whether the server is configured to expose error details (root loader, else the page's view). */
function useExposeErrors(): boolean {
  const root = useRouteLoaderData("root") as { exposeErrors?: boolean } | undefined;
  const view = findPageView(useMatches());
  return root?.exposeErrors ?? view?.exposeErrors ?? false;
}

function debugText(error: unknown, view: Partial<ErrorView>): string | undefined {
  if (isRouteErrorResponse(error)) return typeof view.debug === "string" && view.debug ? view.debug : undefined;
  if (error instanceof Error) return error.stack || `${error.name}: ${error.message}`;
  if (typeof error === "string") return error;
  return undefined;
}

const KNOWN = new Set([403, 404, 410, 500, 503]);

/**
 * The catalogue's message (site.md §8). The loader's own message wins over the status: a
 * string body or a redirect without a location is answered as a 500, but says what went
 * wrong rather than the generic server error.
 */
export function messageKey(status: number, message: string | undefined): string {
  if (message === "Unexpected string output.") return "errors.unexpected-string";
  if (message === "Unexpected redirection response.") return "errors.unexpected-redirect";
  if (message === "This page could not be found") return "errors.not-found";
  if (KNOWN.has(status)) return `errors.${status}-message`;
  return "errors.unexpected-status";
}

function ErrorIcon({ status }: { status: number }) {
  if (status === 503) {
    return (
      <svg className="error-icon spinner" viewBox="0 0 50 50" aria-hidden="true" width="64" height="64">
        <circle cx="25" cy="25" r="20" fill="none" stroke="currentColor" strokeWidth="5" strokeDasharray="90 150" />
      </svg>
    );
  }
  return (
    <svg className="error-icon" viewBox="0 0 24 24" aria-hidden="true" width="64" height="64">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function ErrorPage({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const exposeErrors = useExposeErrors();
  useReloadOnChunkError(error);
  let status = 500;
  let view: Partial<ErrorView> = {};
  if (isRouteErrorResponse(error)) {
    status = error.status;
    view = (error.data && typeof error.data === "object" ? error.data : {}) as Partial<ErrorView>;
  }
  const debug = exposeErrors ? debugText(error, view) : undefined;
  const locale: Locale = isLocale(view.locale) ? view.locale : isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const uncaught = !isRouteErrorResponse(error);
  const title = uncaught
    ? t("errors.fatal-title")
    : status === 503
      ? t("errors.503-title")
      : t("blocks.block-error.default-title", { statusCode: status });
  const message = uncaught ? t("errors.fatal-message") : t(messageKey(status, view.message));
  const siteType = view.page?.site_type ?? "broker";
  return (
    <Shell>
      <BlockList blocks={view.header ?? []} locale={locale} siteType={siteType} region="header" />
      <main id="main-content" tabIndex={-1} className="error-page" data-status={status}>
        <div className="container error-page__inner">
          <ErrorIcon status={status} />
          <h1 className="title-1">{title}</h1>
          <p className="text-body">{message}</p>
          <p className="btn-row">
            <a className="btn btn-secondary" href={`${location.pathname}${location.search}`}>
              {t("blocks.block-error.refresh")}
            </a>
            <a className="btn btn-primary" href={withVariant(`/${locale}`, view.page?.variant?.id)}>
              {t("blocks.block-error.home")}
            </a>
          </p>
          {debug ? (
            <details className="error-debug">
              <summary>{t("blocks.block-error.debug")}</summary>
              <pre>{debug}</pre>
            </details>
          ) : null}
        </div>
      </main>
      <BlockList blocks={view.footer ?? []} locale={locale} siteType={siteType} region="footer" />
    </Shell>
  );
}
