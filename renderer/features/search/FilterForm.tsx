/**
 * The search's filters as a plain form in an HTML popover (issue 34): what the search bar's
 * filter buttons open before the page's script has run, or without one. The browser opens it
 * (`popovertarget`), closes it (Escape, a tap outside, Fermer) and sends it as a GET of the
 * search page with the filters in its query, which the server renders with its results. Once
 * the page's script runs, the same buttons open the filter dialog instead; a form opened
 * before that keeps working.
 */
import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../schema/common";
import "../../messages/properties";
import "../../messages/search";
import type { Municipality } from "./api";
import { PROPERTY_TYPE_CODES, type SearchFilters } from "./filters";
import { formatPrice } from "./price";

const COUNTS = [1, 2, 3, 4, 5];

// Memoised: the block renders again as its states settle after hydration; the form's few hundred
// options need not follow each time.
export const FilterForm = memo(function FilterForm({
  id,
  filters,
  municipalities,
  increments,
  locale,
  keep,
}: {
  id: string;
  /** The page's other query parameters (a content variant): sent again with the filters. */
  keep: [string, string][];
  filters: SearchFilters;
  municipalities: readonly Municipality[];
  increments: readonly number[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  const titleId = `${id}-title`;
  const radios = (name: "forSaleForRent" | "status" | "type", options: [string, string][], value = "") => (
    <fieldset className="filter-group">
      <legend>
        {t(
          name === "forSaleForRent"
            ? "search.transaction.label"
            : name === "status"
              ? "search.status.label"
              : "search.type",
        )}
      </legend>
      {options.map(([option, label]) => (
        <label key={option} className="filter-form__choice">
          <input type="radio" name={name} value={option} defaultChecked={option === value} />
          {label}
        </label>
      ))}
    </fieldset>
  );
  const select = (name: keyof SearchFilters, label: string, options: [string, string][], value = "") => (
    <label key={name} className="field">
      <span>{label}</span>
      <select name={name} defaultValue={value}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const any: [string, string] = ["", t("search.any")];
  const counts = COUNTS.map((c): [string, string] => [String(c), `${c}+`]);
  const prices = increments.slice(1).map((p): [string, string] => [String(p), formatPrice(locale, p)]);
  return (
    <div id={id} popover="auto" className="filter-form" role="dialog" aria-labelledby={titleId} data-scheme="normal">
      <form method="get" className="filter-form__form">
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <h2 id={titleId} className="filter-form__title">
          {t("search.filters")}
        </h2>
        <div className="filter-form__body">
          {municipalities.length > 0 ? (
            <label className="field">
              <span>{t("search.municipalities")}</span>
              <select name="mun" multiple size={6} defaultValue={filters.mun ?? []}>
                {municipalities.map((m) => (
                  <option key={m.MUN_CODE} value={m.MUN_CODE}>
                    {m.DESCRIPTION}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className="field-row">
            {select("price_min", t("search.price-min"), [any, ...prices], filters.price_min?.toString())}
            {select("price_max", t("search.price-max"), [any, ...prices], filters.price_max?.toString())}
          </div>
          {radios(
            "forSaleForRent",
            [any, ["buy", t("search.transaction.buy")], ["rent", t("search.transaction.rent")]],
            filters.forSaleForRent,
          )}
          {radios(
            "status",
            [
              ["", t("search.status.active")],
              ["sold", t("search.status.sold")],
            ],
            filters.status,
          )}
          {radios(
            "type",
            [any, ...PROPERTY_TYPE_CODES.map((code): [string, string] => [code, t(`properties.types.${code}`)])],
            filters.type?.[0],
          )}
          <div className="field-row">
            {(["bedrooms", "bathrooms"] as const).map((key) =>
              select(key, t(`search.${key}`), [any, ...counts], filters[key]?.toString()),
            )}
          </div>
          <label className="filter-form__choice">
            <input type="checkbox" name="open_house" value="1" defaultChecked={Boolean(filters.open_house)} />
            {t("search.open-house")}
          </label>
        </div>
        <div className="filter-form__footer">
          <button type="button" className="btn btn-secondary" popoverTarget={id} popoverTargetAction="hide">
            {t("search.close")}
          </button>
          <button type="submit" className="btn btn-primary">
            {t("search.see-results-pending")}
          </button>
        </div>
      </form>
    </div>
  );
});
