/** Error pages (site.md §2, §8): 403, 404, 500, 503 with icon, title, description and a way out. */
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../schema/common";
import { BlockList } from "../blocks/BlockList";
import type { ErrorView } from "../lib/page-loader.server";
import { Shell } from "./Shell";

const KNOWN = new Set([403, 404, 500, 503]);

function messageKey(status: number, message: string | undefined): string {
  if (KNOWN.has(status)) return `errors.${status}-message`;
  if (message === "Unexpected string output.") return "errors.unexpected-string";
  if (message === "Unexpected redirection response.") return "errors.unexpected-redirect";
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
  const { t } = useTranslation();
  const location = useLocation();
  let status = 500;
  let view: Partial<ErrorView> = {};
  let debug: string | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    view = (error.data && typeof error.data === "object" ? error.data : {}) as Partial<ErrorView>;
  } else if (error instanceof Error) {
    debug = error.stack;
  }
  const locale: Locale = isLocale(view.locale) ? view.locale : DEFAULT_LOCALE;
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
            {status === 403 || uncaught || status >= 500 ? (
              <a className="btn btn-secondary" href={`${location.pathname}${location.search}`}>
                {t("blocks.block-error.refresh")}
              </a>
            ) : null}
            {status !== 503 ? (
              <a className="btn btn-primary" href={`/${locale}`}>
                {t("blocks.block-error.home")}
              </a>
            ) : null}
          </p>
          {debug && import.meta.env.DEV ? (
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
