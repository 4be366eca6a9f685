/** The active filters as removable tags (site.md §4 Filter overlay), above the results and in the overlay. */
import "../../messages/properties";
import "../../messages/search";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useOverflow } from "../../lib/overflow";
import type { Municipality } from "./api";
import type { SearchFilters } from "./filters";
import { formatPrice } from "./price";

export function Tags({
  filters,
  municipalities,
  onChange,
}: {
  filters: SearchFilters;
  municipalities: readonly Municipality[];
  onChange: (next: SearchFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const money = (n: number) => formatPrice(i18n.language === "en" ? "en" : "fr", n);
  const name = (code: string) => municipalities.find((m) => m.MUN_CODE === code)?.DESCRIPTION ?? code;
  const tags: { key: string; label: string; clear: () => void }[] = [];
  const mun = filters.mun ?? [];
  if (mun.length > 1)
    tags.push({
      key: "mun-all",
      label: t("search.tags.all-municipalities"),
      clear: () => onChange({ ...filters, mun: undefined }),
    });
  for (const code of mun)
    tags.push({
      key: `mun-${code}`,
      label: name(code),
      clear: () => onChange({ ...filters, mun: mun.filter((c) => c !== code) }),
    });
  if (filters.forSaleForRent)
    tags.push({
      key: "fsfr",
      label: t(`search.transaction.${filters.forSaleForRent}`),
      clear: () => onChange({ ...filters, forSaleForRent: undefined }),
    });
  for (const type of filters.type ?? [])
    tags.push({
      key: `type-${type}`,
      label: t(`properties.types.${type}`),
      clear: () => onChange({ ...filters, type: undefined }),
    });
  if (filters.price_min !== undefined)
    tags.push({
      key: "pmin",
      label: t("search.tags.price-min", { price: money(filters.price_min) }),
      clear: () => onChange({ ...filters, price_min: undefined }),
    });
  if (filters.price_max !== undefined)
    tags.push({
      key: "pmax",
      label: t("search.tags.price-max", { price: money(filters.price_max) }),
      clear: () => onChange({ ...filters, price_max: undefined }),
    });
  if (filters.bedrooms)
    tags.push({
      key: "bed",
      label: t("search.tags.bedrooms", { count: filters.bedrooms }),
      clear: () => onChange({ ...filters, bedrooms: undefined }),
    });
  if (filters.bathrooms)
    tags.push({
      key: "bath",
      label: t("search.tags.bathrooms", { count: filters.bathrooms }),
      clear: () => onChange({ ...filters, bathrooms: undefined }),
    });
  if (filters.status === "sold")
    tags.push({
      key: "status",
      label: t("search.status.sold"),
      clear: () => onChange({ ...filters, status: undefined }),
    });
  if (filters.open_house)
    tags.push({
      key: "oh",
      label: t("search.open-house"),
      clear: () => onChange({ ...filters, open_house: undefined }),
    });
  // Collapsed to two rows of tags (one above 576 px, search.css) with a toggle when more wrap.
  const overflowing = useOverflow(list, [tags.length, expanded]);
  if (!tags.length) return null;
  return (
    <div className="search-tags-area">
      <ul
        ref={list}
        id={`${listId}-tags`}
        className="search-tags"
        data-collapsed={expanded ? undefined : ""}
        aria-label={t("search.tags.label")}
      >
        {tags.map((tag) => (
          <li key={tag.key}>
            <button
              type="button"
              className="search-tag"
              onClick={tag.clear}
              aria-label={t("search.tags.remove", { label: tag.label })}
            >
              {tag.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      {overflowing || expanded ? (
        <button
          type="button"
          className="search-tags__toggle"
          aria-expanded={expanded}
          aria-controls={`${listId}-tags`}
          onClick={() => setExpanded((e) => !e)}
        >
          {t(expanded ? "search.tags.show-less" : "search.tags.show-more", { count: tags.length })}
        </button>
      ) : null}
    </div>
  );
}
