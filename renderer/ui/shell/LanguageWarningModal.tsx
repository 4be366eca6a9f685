/**
 * The blog language-warning modal (site.md §2), opened by `open-language-warning`
 * with `{ archiveUrl }` when an article does not exist in the chosen language. It
 * speaks the chosen language, links to that language's blog archive, and its
 * cancel keeps the visitor on the current page.
 */
import { useEffect, useState } from "react";
import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import * as z from "zod/mini";
import { isLocale, type Locale } from "../../../schema/locales";
import { onSiteEvent } from "../../lib/events";
import { loadMessages, tIn } from "../../lib/i18n";
import { needsFullReload } from "../../lib/locale-scripts";
import { useSite } from "../../lib/site";
import { InternalLink, isInternalUrl, withVariant } from "../SmartLink";
import { SiteModal } from "./SiteModal";

export const languageWarningSchema = z.object({
  archiveUrl: z.string().check(
    z.trim(),
    z.refine(isInternalUrl, "must be a path on this site"),
    z.refine((url) => /^\/(fr|en)(\/|$|\?|#)/.test(url), "must start with a locale"),
  ),
});

export function LanguageWarningModal() {
  const fallbackT = useTranslation().t;
  const { variantId } = useSite();
  const [archive, setArchive] = useState<{ url: string; locale: Locale } | undefined>();
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      onSiteEvent("open-language-warning", (detail) => {
        const parsed = languageWarningSchema.safeParse(detail);
        if (!parsed.success) {
          console.warn(`Ignored language warning: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
          return;
        }
        const prefix = parsed.data.archiveUrl.split("/")[1];
        const locale: Locale = isLocale(prefix) ? prefix : "fr";
        const show = () => {
          setArchive({ url: parsed.data.archiveUrl, locale });
          setOpen(true);
        };
        // The modal speaks the chosen language: load its messages first (the page's own
        // language stands in when that chunk cannot be loaded).
        loadMessages(locale).then(show, show);
      }),
    [],
  );
  const lng = archive?.locale;
  const t = tIn(lng, fallbackT);
  const to = archive ? withVariant(archive.url, variantId) : "";
  return (
    <SiteModal
      isOpen={open && Boolean(archive)}
      onOpenChange={setOpen}
      title={t("shell.language-warning.title")}
      className="language-warning"
      locale={lng}
    >
      <p className="text-body">{t("shell.language-warning.message")}</p>
      <div className="btn-row">
        {needsFullReload() ? (
          // A document load: the page's locale-bound scripts must run again.
          <a className="btn btn-primary" href={to} onClick={() => setOpen(false)}>
            {t("shell.language-warning.archive")}
          </a>
        ) : (
          <InternalLink className="btn btn-primary" to={to} onClick={() => setOpen(false)}>
            {t("shell.language-warning.archive")}
          </InternalLink>
        )}
        <Button className="btn btn-secondary" onPress={() => setOpen(false)}>
          {t("shell.language-warning.cancel")}
        </Button>
      </div>
    </SiteModal>
  );
}
