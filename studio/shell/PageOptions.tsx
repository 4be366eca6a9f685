/** The options of a select choosing one of the site's pages: "choose a page", then each page's title and path. */
import { useTranslation } from "react-i18next";
import type { Locale } from "../../schema/common";
import type { PageSummary } from "./api";

export function PageOptions({ pages, locale }: { pages: readonly PageSummary[]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t("studio.toolbar.choose-page")}</option>
      {pages.map((p) => (
        <option key={p.page_id} value={p.page_id}>
          {p.title[locale]} ({p.paths[locale]})
        </option>
      ))}
    </>
  );
}
