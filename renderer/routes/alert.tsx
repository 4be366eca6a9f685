/**
 * An alert's own page (/fr/alerte/{token}, /en/alert/{token}): the link in every alert e-mail.
 * No login: the token in the link opens this one alert. Every action is a plain form posted to
 * this route's action, so the page works without JavaScript (a phone's mail app, a script
 * blocked): confirm (double opt-in; a GET never confirms nor unsubscribes, since link scanners
 * follow GETs), the frequency, the criteria, pause and resume, unsubscribe from this alert or from
 * all, delete the visitor's alerts and data. The action calls the content service with the
 * token; the answer is the page again with what was done said at its top.
 */
import "../messages/alerts";
import "../messages/properties";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import {
  ALERT_FREQUENCIES,
  type AlertView,
  alertPagePath,
  type SavedSearch,
  searchQueryOf,
  summarizeSearch,
} from "../../schema/alerts-shared";
import { SAME_ORIGIN_ASSETS, withAssetUrls } from "../../schema/assets";
import type { Block } from "../../schema/block";
import { parseBlocks } from "../../schema/parse";
import { BlockList } from "../blocks/BlockList";
import { parseAlertView } from "../features/alerts/api";
import "../features/forms/forms.css";
import "../features/alerts/alerts.css";
import { type AppServices, servicesContext } from "../lib/context";
import { getI18n } from "../lib/i18n";
import { SiteProvider, useSite } from "../lib/site";
import { type SiteFacts, siteFactsOf } from "../lib/site-facts";
import type { Route } from "./+types/alert";
import { SEARCH_PATHS } from "./listing";

const TOKEN = /^[A-Za-z0-9_-]{22}$/;
/** The page's language: its path's first segment (/fr/alerte/…, /en/alert/…). */
const langOf = (request: Request): "fr" | "en" => (new URL(request.url).pathname.startsWith("/en/") ? "en" : "fr");

interface AlertPageView {
  locale: "fr" | "en";
  token: string;
  alert: AlertView | null;
  header: Block[];
  footer: Block[];
  siteType: "broker" | "agency";
  micrositeId: string;
  siteKey: string;
}

async function readAlert(services: AppServices, token: string): Promise<AlertView | null> {
  const response = await services.content.fetch(`/api/swc/alerts/${token}`, {});
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The alert could not be read (${response.status})`);
  const view = parseAlertView(await response.json());
  if (!view) throw new Error("The alert's answer did not parse");
  return view;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langOf(request);
  const token = params.token ?? "";
  const services = context.get(servicesContext);
  const site = await services.content.firstLoad(url.host);
  const home = await services.content.getPage(site, `/${lang}`, lang);
  const page = home.kind === "page" ? home.page : undefined;
  const bases = services.config.assets ?? SAME_ORIGIN_ASSETS;
  const blocks = (raw: readonly unknown[] | undefined) =>
    withAssetUrls(parseBlocks(raw, () => undefined).blocks, bases);
  const alert = TOKEN.test(token) ? await readAlert(services, token) : null;
  const view: AlertPageView & { siteFacts: SiteFacts } = {
    locale: lang,
    token,
    alert,
    header: blocks(page?.header),
    footer: blocks(page?.footer),
    siteType: page?.site_type ?? "broker",
    micrositeId: site.microsite_id,
    siteKey: site.site_key,
    siteFacts: siteFactsOf(site),
  };
  // An unknown link is a 404 page of its own (what to do next), not the site's generic one.
  return data(view, { status: alert ? 200 : 404, headers: { "cache-control": "no-store" } });
}

export function headers() {
  // The token is the key to this alert: never cached by a browser or a CDN.
  return { "cache-control": "no-store", "referrer-policy": "same-origin" };
}

type Done =
  | "confirmed"
  | "frequency-saved"
  | "filters-saved"
  | "paused"
  | "resumed"
  | "unsubscribed"
  | "unsubscribed-all"
  | "deleted";

const INTENTS = {
  confirm: "confirmed",
  frequency: "frequency-saved",
  search: "filters-saved",
  pause: "paused",
  resume: "resumed",
  unsubscribe: "unsubscribed",
  unsubscribe_all: "unsubscribed-all",
  delete: "deleted",
} as const satisfies Record<string, Done>;

const numberOrUndefined = (value: FormDataEntryValue | null) => {
  const text = typeof value === "string" ? value.replace(/[\s,$]/g, "") : "";
  return text === "" ? undefined : Number(text);
};

/** The change a posted form asks for, as the content service takes it (it parses it again with zod). */
function changeOf(form: FormData, current: AlertView): Record<string, unknown> | undefined {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !(intent in INTENTS)) return undefined;
  if (intent === "frequency") return { action: "frequency", frequency: form.get("frequency") };
  if (intent === "search") {
    const search: Record<string, unknown> = { ...current.search };
    for (const key of ["price_min", "price_max", "bedrooms", "bathrooms"] as const) {
      const value = numberOrUndefined(form.get(key));
      if (value === undefined || value === 0) delete search[key];
      else search[key] = value;
    }
    if (form.get("keep_area") !== "on") delete search.bounds;
    return { action: "search", search };
  }
  return { action: intent };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const token = params.token ?? "";
  const services = context.get(servicesContext);
  const current = TOKEN.test(token) ? await readAlert(services, token) : null;
  if (!current) return data({ done: null, error: "gone" as const }, { status: 404 });
  const form = await request.formData().catch(() => null);
  const change = form ? changeOf(form, current) : undefined;
  if (!change) return data({ done: null, error: "invalid" as const }, { status: 400 });
  const answer = await services.content.fetch(`/api/swc/alerts/${token}`, {
    method: "POST",
    body: JSON.stringify(change),
  });
  if (answer.status === 400) return data({ done: null, error: "invalid" as const }, { status: 400 });
  if (!answer.ok) return data({ done: null, error: "failed" as const }, { status: answer.status >= 500 ? 503 : 400 });
  return { done: INTENTS[change.action as keyof typeof INTENTS] as Done, error: null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const view = loaderData as AlertPageView | undefined;
  if (!view) return [];
  const t = getI18n(view.locale).t;
  return [
    { title: view.alert ? t("alerts.manage.title") : t("alerts.manage.invalid-title") },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
}

/**
 * An address that breaks after its "@" and before its dots rather than anywhere: at 360 px a
 * common address does not fit the card's title on one line.
 */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className="alert-card__email">
      {parts.map((part, i) => (
        // The parts of one fixed string, never reordered: the index is their key.
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </span>
  );
}

function formatDate(iso: string, locale: "fr" | "en") {
  return new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: "long", timeZone: "America/Toronto" }).format(
    new Date(iso),
  );
}

function SearchSummary({ search, locale }: { search: SavedSearch; locale: "fr" | "en" }) {
  const { t } = useTranslation();
  const parts = summarizeSearch(
    search,
    locale,
    (k, o) => t(k, o),
    (code) => t(`properties.types.${code}`),
  );
  return (
    <ul className="alert-summary">
      {parts.map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ul>
  );
}

/** One action's form: a hidden intent and a button (no script needed). */
function ActionForm({ intent, label, tone = "secondary" }: { intent: string; label: string; tone?: string }) {
  return (
    <Form method="post" className="alert-action">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={`btn btn-${tone}`}>
        {label}
      </button>
    </Form>
  );
}

function AlertPage({ view, done, error }: { view: AlertPageView; done: Done | null; error: string | null }) {
  const { t } = useTranslation();
  const { locale, alert } = view;
  if (!alert || done === "deleted") {
    return (
      <div className="container alert-page" data-scheme="normal">
        <h1 className="title-2">{done === "deleted" ? t("alerts.manage.title") : t("alerts.manage.invalid-title")}</h1>
        <p className="text-body" role={done ? "status" : undefined}>
          {done === "deleted" ? t("alerts.manage.deleted") : t("alerts.manage.invalid-text")}
        </p>
        <p>
          <a className="btn btn-primary" href={SEARCH_PATHS[locale]}>
            {t("alerts.manage.to-search")}
          </a>
        </p>
      </div>
    );
  }
  const query = searchQueryOf(alert.search);
  const searchHref = `${alert.page}${query ? `?${query}` : ""}`;
  const live = alert.state !== "unsubscribed";
  return (
    <div className="container alert-page" data-scheme="normal">
      <h1 className="title-2">{t("alerts.manage.title")}</h1>
      {done || error ? (
        <p
          className={`alert-page__notice${error ? " alert-page__notice--error" : ""}`}
          role={error ? "alert" : "status"}
        >
          {error
            ? t(error === "invalid" ? "alerts.manage.invalid" : "alerts.manage.error")
            : t(`alerts.manage.${done}`)}
        </p>
      ) : null}
      <section className="alert-card" aria-labelledby="alert-facts">
        <h2 id="alert-facts" className="alert-card__title">
          {t("alerts.manage.for", { email: "\u0000" })
            .split("\u0000")
            .flatMap((text, i) => (i === 0 ? [text] : [<BreakableEmail key="email" email={alert.email} />, text]))}
        </h2>
        <dl className="alert-facts">
          <div>
            <dt>{t("alerts.manage.state")}</dt>
            <dd>{t(`alerts.states.${alert.state}`)}</dd>
          </div>
          <div>
            <dt>{t("alerts.manage.frequency")}</dt>
            <dd>{t(`alerts.frequency-short.${alert.frequency}`)}</dd>
          </div>
        </dl>
        <p className="text-body">{t("alerts.manage.created", { date: formatDate(alert.created_at, locale) })}</p>
        <h3 className="alert-card__subtitle">{t("alerts.manage.search")}</h3>
        <SearchSummary search={alert.search} locale={locale} />
        <p>
          <a href={searchHref}>{t("alerts.manage.see-search")}</a>
        </p>
      </section>

      {alert.state === "pending" ? (
        <section className="alert-card" aria-labelledby="alert-confirm">
          <h2 id="alert-confirm" className="alert-card__title">
            {t("alerts.manage.confirm")}
          </h2>
          <p className="text-body">{t("alerts.manage.confirm-intro")}</p>
          <ActionForm intent="confirm" label={t("alerts.manage.confirm")} tone="primary" />
        </section>
      ) : null}

      {live && alert.state !== "pending" ? (
        <>
          <section className="alert-card" aria-labelledby="alert-frequency">
            <h2 id="alert-frequency" className="alert-card__title">
              {t("alerts.manage.frequency")}
            </h2>
            <Form method="post">
              <input type="hidden" name="intent" value="frequency" />
              <fieldset className="alert-choices">
                <legend className="visually-hidden">{t("alerts.manage.frequency")}</legend>
                {ALERT_FREQUENCIES.map((f) => (
                  <label key={f} className="alert-choice">
                    <input type="radio" name="frequency" value={f} defaultChecked={alert.frequency === f} />
                    <span>{t(`alerts.frequencies.${f}`)}</span>
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="btn btn-secondary">
                {t("alerts.manage.save-frequency")}
              </button>
            </Form>
          </section>

          <section className="alert-card" aria-labelledby="alert-filters">
            <h2 id="alert-filters" className="alert-card__title">
              {t("alerts.manage.filters")}
            </h2>
            <Form method="post" className="alert-filters">
              <input type="hidden" name="intent" value="search" />
              {(["price_min", "price_max", "bedrooms", "bathrooms"] as const).map((key) => (
                <div key={key} className="form-field">
                  <label className="form-field__label" htmlFor={`alert-${key}`}>
                    {t(`alerts.manage.${key.replace("_", "-")}`)}
                  </label>
                  <input
                    id={`alert-${key}`}
                    className="form-field__control"
                    name={key}
                    inputMode="numeric"
                    pattern="[0-9 ]*"
                    defaultValue={alert.search[key] === undefined ? "" : String(alert.search[key])}
                  />
                </div>
              ))}
              {alert.search.bounds ? (
                <label className="alert-choice alert-filters__full">
                  <input type="checkbox" name="keep_area" defaultChecked />
                  <span>{t("alerts.manage.keep-area")}</span>
                </label>
              ) : null}
              <div className="alert-filters__full">
                <button type="submit" className="btn btn-secondary">
                  {t("alerts.manage.save-filters")}
                </button>
              </div>
            </Form>
          </section>
        </>
      ) : null}

      <section className="alert-card" aria-labelledby="alert-stop">
        <h2 id="alert-stop" className="alert-card__title">
          {t("alerts.manage.stop")}
        </h2>
        <div className="alert-actions">
          {alert.state === "active" ? <ActionForm intent="pause" label={t("alerts.manage.pause")} /> : null}
          {alert.state === "paused" ? <ActionForm intent="resume" label={t("alerts.manage.resume")} /> : null}
          {live ? <ActionForm intent="unsubscribe" label={t("alerts.manage.unsubscribe")} tone="primary" /> : null}
          {alert.others > 0 ? (
            <ActionForm
              intent="unsubscribe_all"
              label={t("alerts.manage.unsubscribe-all", { count: alert.others + 1 })}
            />
          ) : null}
        </div>
        <p className="text-body alert-card__note">{t("alerts.manage.delete-text")}</p>
        <ActionForm intent="delete" label={t("alerts.manage.delete")} />
      </section>
    </div>
  );
}

export default function AlertRoute({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData as AlertPageView;
  const outer = useSite();
  const posted = actionData as { done: Done | null; error: string | null } | undefined;
  return (
    <SiteProvider
      value={{
        ...outer,
        locale: view.locale,
        siteType: view.siteType,
        micrositeId: view.micrositeId,
        siteKey: view.siteKey,
        alternatePaths: { fr: alertPagePath("fr", view.token), en: alertPagePath("en", view.token) },
      }}
    >
      <BlockList blocks={view.header} locale={view.locale} siteType={view.siteType} region="header" />
      <main id="main-content" tabIndex={-1}>
        <AlertPage view={view} done={posted?.done ?? null} error={posted?.error ?? null} />
      </main>
      <BlockList blocks={view.footer} locale={view.locale} siteType={view.siteType} region="footer" />
    </SiteProvider>
  );
}
