/**
 * The search bar's municipality dropdown, loaded when it first opens: its search field and
 * checkboxes (react-aria) are not part of the search page's initial JavaScript. The filter
 * overlay and the hero search bar import the same chunk.
 */
import "../../messages/search";
import { type ComponentProps, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { MunicipalitySelect as Select } from "./MunicipalitySelect";

const load = () => import("./MunicipalitySelect").then((module) => ({ default: module.MunicipalitySelect }));
const MunicipalitySelect = lazy(load);

/** Starts the download before the click lands (pointer over or focus on the opener). */
export function preloadMunicipalitySelect(): void {
  void load().catch(() => {});
}

export function LazyMunicipalitySelect(props: ComponentProps<typeof Select>) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="search-bar__loading">{t("search.loading")}</p>}>
      <MunicipalitySelect {...props} />
    </Suspense>
  );
}
