/** hero_search_bar_block: a "find" tab (municipalities, more criteria, find) and extra tabs from tab items. */
// Their messages load with them (renderer/messages).
import "../../messages/search";
import { useEffect, useRef, useState } from "react";
import { Button, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { heroSearchBarBlock } from "../../../schema/blocks/properties";
import { type Municipality, searchApi } from "../../features/search/api";
import { activeFilterCount, compact, type SearchFilters, writeFiltersToQuery } from "../../features/search/filters";
import { LazyFilterOverlay } from "../../features/search/LazyFilterOverlay";
import { MunicipalitySelect } from "../../features/search/MunicipalitySelect";
import { priceIncrements } from "../../features/search/price";
import { useBreakpoints } from "../../lib/breakpoints";
import { useSite } from "../../lib/site";
import { Icon } from "../../ui/Icon";
import { SmartLink, withVariant } from "../../ui/SmartLink";
import type { BlockViewProps } from "../types";
import { filtersOfParams, useInView } from "./use-listings";
import "../../features/search/search.css";
import { Heading } from "../../ui/Heading";

export const searchPathOf = (locale: string) => (locale === "fr" ? "/fr/proprietes" : "/en/properties");

export default function HeroSearchBar({ fields, params, ctx }: BlockViewProps<typeof heroSearchBarBlock>) {
  const { t } = useTranslation();
  const site = useSite();
  const bp = useBreakpoints();
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref);
  const [filters, setFilters] = useState<SearchFilters>(() => compact(filtersOfParams(params)));
  const [municipalities, setMunicipalities] = useState<Municipality[]>([]);
  const [increments, setIncrements] = useState(priceIncrements);
  const [open, setOpen] = useState(false);
  const [overlay, setOverlay] = useState(false);
  // As on the search page: the overlay's changes stay with "See results", Escape cancels them.
  const beforeOverlay = useRef<SearchFilters | null>(null);
  const openOverlay = () => {
    beforeOverlay.current = filters;
    setOverlay(true);
  };
  const overlayOpenChange = (next: boolean) => {
    if (next) return openOverlay();
    if (beforeOverlay.current) setFilters(beforeOverlay.current);
    beforeOverlay.current = null;
    setOverlay(false);
  };
  const munButton = useRef<HTMLButtonElement>(null);
  // Escape closes the dropdown wherever focus is and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      munButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
  useEffect(() => {
    if (!inView) return;
    searchApi
      .filters(site)
      .then((o) => {
        setMunicipalities(o.municipalities);
        setIncrements(o.price_increments);
      })
      .catch(() => undefined);
  }, [inView, site]);
  const href = () => {
    const q = writeFiltersToQuery(new URLSearchParams(), filters).toString();
    return withVariant(`${searchPathOf(ctx.locale)}${q ? `?${q}` : ""}`, site.variantId);
  };
  const tabName = (name: string) => (bp.mdUp ? name : name.split(/\s+/)[0]);
  const findTitle = fields.find_tab_title || t("search.find");
  return (
    <section ref={ref} className="container section hero-search-bar">
      {fields.main_title ? (
        <Heading level={2} className="title-2">
          {fields.main_title}
        </Heading>
      ) : null}
      <Tabs>
        <TabList aria-label={t("search.tabs")} className="search-bar">
          <Tab id="find" className="btn btn-secondary">
            {tabName(findTitle)}
          </Tab>
          {(fields.tab_items ?? []).map((tab, i) => (
            <Tab key={i} id={`tab-${i}`} className="btn btn-secondary">
              {tab.tab_icon ? <Icon name={tab.tab_icon.type} size={18} /> : null} {tabName(tab.tab_title)}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="find" className="search-bar">
          <div className="search-bar__mun">
            <Button
              ref={munButton}
              className="btn btn-secondary"
              aria-expanded={bp.mdUp ? open : undefined}
              onPress={() => (bp.mdUp ? setOpen((o) => !o) : openOverlay())}
            >
              {filters.mun?.length
                ? t("search.municipalities-count", { count: filters.mun.length })
                : t("search.all-municipalities")}
            </Button>
            {open && bp.mdUp ? (
              <fieldset className="search-bar__dropdown">
                <legend className="visually-hidden">{t("search.municipalities")}</legend>
                <MunicipalitySelect
                  municipalities={municipalities}
                  value={filters.mun ?? []}
                  onChange={(mun) => setFilters(compact({ ...filters, mun }))}
                />
                <Button className="btn btn-primary" onPress={() => setOpen(false)}>
                  {t("search.apply")}
                </Button>
              </fieldset>
            ) : null}
          </div>
          <Button className="btn btn-secondary" onPress={openOverlay}>
            {t("search.more-filters", { count: activeFilterCount(filters, ["mun"]) })}
          </Button>
          <a className="btn btn-primary" href={href()}>
            {t("search.find")}
          </a>
        </TabPanel>
        {(fields.tab_items ?? []).map((tab, i) => (
          <TabPanel key={i} id={`tab-${i}`} className="hero-search-bar__panel">
            {tab.content_icon ? <Icon name={tab.content_icon.type} /> : null}
            {tab.description ? <p>{tab.description}</p> : null}
            {tab.cta ? <SmartLink link={tab.cta} className="btn btn-primary" /> : null}
          </TabPanel>
        ))}
      </Tabs>
      <LazyFilterOverlay
        isOpen={overlay}
        onOpenChange={overlayOpenChange}
        onApply={() => {
          beforeOverlay.current = null;
          setOverlay(false);
        }}
        filters={filters}
        onChange={(f) => setFilters(compact(f))}
        onReset={() => setFilters(compact(filtersOfParams(params)))}
        municipalities={municipalities}
        increments={increments}
        count={undefined}
        locale={ctx.locale}
      />
    </section>
  );
}
