/**
 * A page's settings (issue 29): its title and path in each language (proposed from the title,
 * checked against the site's pages and the routes that are not pages), its title and description
 * for search engines with length guidance and a preview of the search result, its share image,
 * whether search engines may index it, its canonical address, whether it is hidden, and whether
 * it has a footer of its own. Applied to the draft as one undo step and published with the page;
 * a new path makes the old one redirect (301) when it is published.
 */
import { useEffect, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay, Switch } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { create } from "zustand";
import type { Locale } from "../../schema/locales";
import {
  type PageSettings,
  pageSettingsSchema,
  SEO_DESCRIPTION_LENGTH,
  SEO_TITLE_LENGTH,
} from "../../schema/site-admin";
import { proposePath } from "../../schema/site-routes";
import type { PageSummary, StudioApi } from "../shell/api";
import { Field, issuesByPath } from "../shell/form";
import { Icon } from "../shell/icons";
import { type StudioDoc, useStudioStore } from "../store";

/** Whether the dialog is open (the toolbar's button, the Pages screen's "Paramètres" link). */
export const usePageSettingsDialog = create<{ open: boolean; show(): void; hide(): void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));

type Seo = {
  global?: Partial<Record<Locale, { title?: string; description?: string; og_image?: { url: string } }>>;
  facebook?: Partial<Record<Locale, { og_image?: { url: string } }>>;
  canonical_url?: Partial<Record<Locale, string>>;
  robots_index_rule?: string;
};

const LOCALES: readonly Locale[] = ["fr", "en"];

/** The form's values from the page as the draft holds it. */
/** Whether a page's path is still the one proposed from its title (`-2`, `-3`… when that one was taken). */
export function proposedFor(doc: Pick<StudioDoc, "title" | "paths">, l: Locale): boolean {
  const proposal = proposePath(doc.title[l] || doc.title.fr, l, () => false);
  return doc.paths[l] === proposal || new RegExp(`^${proposal}-\\d+$`).test(doc.paths[l]);
}

export function settingsOfDoc(doc: Pick<StudioDoc, "title" | "paths" | "hidden" | "seo">): PageSettings {
  const seo = (doc.seo ?? {}) as Seo;
  const image = seo.facebook?.fr?.og_image?.url ?? seo.global?.fr?.og_image?.url ?? "";
  return {
    title: { ...doc.title },
    paths: { ...doc.paths },
    seo_title: { fr: seo.global?.fr?.title ?? "", en: seo.global?.en?.title ?? "" },
    seo_description: { fr: seo.global?.fr?.description ?? "", en: seo.global?.en?.description ?? "" },
    share_image: image,
    index: !(seo.robots_index_rule ?? "").includes("noindex"),
    canonical: { fr: seo.canonical_url?.fr ?? "", en: seo.canonical_url?.en ?? "" },
    hidden: doc.hidden ?? false,
  };
}

/** The page's SEO with the form's values written in, everything else kept as it was. */
export function seoWithSettings(current: unknown, s: PageSettings): Seo {
  const seo = structuredClone((current ?? {}) as Seo);
  seo.global ??= {};
  for (const l of LOCALES) {
    const entry = { ...(seo.global[l] ?? {}) };
    if (s.seo_title[l]) entry.title = s.seo_title[l];
    else delete entry.title;
    if (s.seo_description[l]) entry.description = s.seo_description[l];
    else delete entry.description;
    seo.global[l] = entry;
    if (s.share_image) {
      seo.facebook ??= {};
      seo.facebook[l] = { ...(seo.facebook[l] ?? {}), og_image: { url: s.share_image } };
    } else if (seo.facebook?.[l]) {
      const { og_image: _gone, ...rest } = seo.facebook[l] ?? {};
      seo.facebook[l] = rest;
      if (seo.global[l]?.og_image) delete seo.global[l].og_image;
    }
  }
  const canonical = Object.fromEntries(LOCALES.filter((l) => s.canonical[l]).map((l) => [l, s.canonical[l]]));
  if (Object.keys(canonical).length > 0) seo.canonical_url = canonical;
  else delete seo.canonical_url;
  seo.robots_index_rule = s.index ? "index, follow" : "noindex, follow";
  return seo;
}

/**
 * Field problems of the form: the schema's (required, format, a reserved route), then a path
 * another page of the site already has (`pages`, the page itself left out).
 */
export function settingsErrors(
  value: PageSettings,
  pages: readonly PageSummary[],
  pageId: string,
): Record<string, string> {
  const parsed = pageSettingsSchema.safeParse(value);
  const errors = parsed.success ? {} : issuesByPath(parsed.error);
  for (const l of LOCALES) {
    const key = `paths.${l}`;
    if (errors[key]) continue;
    const other = pages.find(
      (p) => p.page_id !== pageId && (p.paths.fr === value.paths[l] || p.paths.en === value.paths[l]),
    );
    if (other) errors[key] = "path-taken";
  }
  return errors;
}

/** Google's result as the page would show: title, address and description, cut where it cuts them. */
function SearchPreview({
  title,
  path,
  description,
  locale,
}: {
  title: string;
  path: string;
  description: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <figure className="studio-serp" lang={locale}>
      <figcaption className="studio-sr-only">
        {t("studio.page-settings.preview", { locale: t(`studio.fields.locales.${locale}`) })}
      </figcaption>
      <p className="studio-serp-url">{`${origin}${path}`}</p>
      <p className="studio-serp-title">{cut(title, SEO_TITLE_LENGTH)}</p>
      <p className="studio-serp-description">
        {cut(description, SEO_DESCRIPTION_LENGTH.max) || t("studio.page-settings.no-description")}
      </p>
    </figure>
  );
}

function lengthHint(
  t: (k: string, o?: Record<string, unknown>) => string,
  length: number,
  kind: "title" | "description",
) {
  if (length === 0) return t(`studio.page-settings.${kind}-empty`);
  if (kind === "title")
    return length > SEO_TITLE_LENGTH ? t("studio.page-settings.title-long") : t("studio.page-settings.title-good");
  if (length < SEO_DESCRIPTION_LENGTH.min) return t("studio.page-settings.description-short");
  if (length > SEO_DESCRIPTION_LENGTH.max) return t("studio.page-settings.description-long");
  return t("studio.page-settings.description-good");
}

export function PageSettingsDialog({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  const open = usePageSettingsDialog((s) => s.open);
  const hide = usePageSettingsDialog((s) => s.hide);
  const [value, setValue] = useState<PageSettings | null>(null);
  const [published, setPublished] = useState<{ fr: string; en: string } | null>(null);
  const [pages, setPages] = useState<PageSummary[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [ownFooter, setOwnFooter] = useState(false);
  const [pathsTouched, setPathsTouched] = useState({ fr: true, en: true });

  useEffect(() => {
    if (!open) return;
    const { doc, base } = useStudioStore.getState();
    if (!doc) return;
    setValue(settingsOfDoc(doc));
    setPublished(doc.base_version > 0 && base ? { ...base.paths } : null);
    setOwnFooter(doc.page_footer !== undefined);
    setErrors({});
    // A page never published takes the path proposed from its title until the editor writes one
    // (here, or in the new-page dialog: a path other than the title's proposal is the editor's).
    setPathsTouched(
      doc.base_version > 0 ? { fr: true, en: true } : { fr: !proposedFor(doc, "fr"), en: !proposedFor(doc, "en") },
    );
    api
      .listPages()
      .then(setPages)
      .catch(() => setPages([]));
  }, [open, api]);

  const pageId = useStudioStore((s) => s.doc?.page_id ?? "");
  if (!value) return null;
  const update = (change: (draft: PageSettings) => void) => {
    const next = structuredClone(value);
    change(next);
    for (const l of LOCALES) {
      if (!pathsTouched[l])
        next.paths[l] = proposePath(next.title[l] || next.title.fr, l, (path) =>
          pages.some((p) => p.page_id !== pageId && (p.paths.fr === path || p.paths.en === path)),
        );
    }
    setValue(next);
    if (Object.keys(errors).length > 0) setErrors(settingsErrors(next, pages, pageId));
  };

  const apply = () => {
    const found = settingsErrors(value, pages, pageId);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Focus the first field that has a problem.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(".studio-page-settings [aria-invalid='true']")?.focus(),
      );
      return;
    }
    const store = useStudioStore.getState();
    const doc = store.doc;
    if (!doc) return;
    store.setPageFields({
      title: { fr: value.title.fr.trim(), en: value.title.en.trim() },
      paths: { fr: value.paths.fr.trim(), en: value.paths.en.trim() },
      hidden: value.hidden,
      seo: seoWithSettings(doc.seo, value),
    });
    if (ownFooter !== (doc.page_footer !== undefined)) store.setPageFooter(ownFooter);
    hide();
  };

  return (
    <ModalOverlay className="studio-modal" isOpen={open} onOpenChange={(o) => !o && hide()} isDismissable>
      <Modal className="studio-modal-box studio-modal-wide">
        <Dialog className="studio-dialog studio-page-settings">
          <Heading slot="title">{t("studio.page-settings.title", { title: value.title[locale] })}</Heading>
          <form
            className="studio-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <div className="studio-columns">
              {LOCALES.map((l) => (
                <fieldset key={l} className="studio-fieldset" lang={l}>
                  <legend>{t(`studio.fields.locales.${l}`)}</legend>
                  <Field
                    label={t("studio.page-settings.page-title")}
                    value={value.title[l]}
                    error={errors[`title.${l}`]}
                    onChange={(v) =>
                      update((d) => {
                        d.title[l] = v;
                      })
                    }
                    autoFocus={l === "fr"}
                  />
                  <Field
                    label={t("studio.page-settings.path")}
                    value={value.paths[l]}
                    error={errors[`paths.${l}`]}
                    hint={
                      published && published[l] !== value.paths[l]
                        ? t("studio.page-settings.path-moved", { from: published[l] })
                        : t("studio.page-settings.path-hint", { example: `/${l}/…` })
                    }
                    onChange={(v) => {
                      setPathsTouched((touched) => ({ ...touched, [l]: true }));
                      update((d) => {
                        d.paths[l] = v;
                      });
                    }}
                  />
                  <Field
                    label={t("studio.page-settings.seo-title")}
                    value={value.seo_title[l] ?? ""}
                    error={errors[`seo_title.${l}`]}
                    hint={lengthHint(t as never, (value.seo_title[l] ?? "").length, "title")}
                    counter={{ length: (value.seo_title[l] ?? "").length, max: SEO_TITLE_LENGTH }}
                    onChange={(v) =>
                      update((d) => {
                        d.seo_title[l] = v;
                      })
                    }
                  />
                  <Field
                    label={t("studio.page-settings.seo-description")}
                    multiline
                    value={value.seo_description[l] ?? ""}
                    error={errors[`seo_description.${l}`]}
                    hint={lengthHint(t as never, (value.seo_description[l] ?? "").length, "description")}
                    counter={{ length: (value.seo_description[l] ?? "").length, max: SEO_DESCRIPTION_LENGTH.max }}
                    onChange={(v) =>
                      update((d) => {
                        d.seo_description[l] = v;
                      })
                    }
                  />
                  <SearchPreview
                    locale={l}
                    title={value.seo_title[l] || value.title[l]}
                    path={value.paths[l]}
                    description={value.seo_description[l] ?? ""}
                  />
                  <Field
                    label={t("studio.page-settings.canonical")}
                    value={value.canonical[l] ?? ""}
                    error={errors[`canonical.${l}`]}
                    hint={t("studio.page-settings.canonical-hint")}
                    onChange={(v) =>
                      update((d) => {
                        d.canonical[l] = v;
                      })
                    }
                  />
                </fieldset>
              ))}
            </div>
            <fieldset className="studio-fieldset">
              <legend>{t("studio.page-settings.visibility")}</legend>
              <Field
                label={t("studio.page-settings.share-image")}
                value={value.share_image ?? ""}
                error={errors.share_image}
                hint={t("studio.page-settings.share-image-hint")}
                onChange={(v) =>
                  update((d) => {
                    d.share_image = v;
                  })
                }
              />
              <Switch
                className="studio-switch"
                isSelected={value.index}
                onChange={(on) =>
                  update((d) => {
                    d.index = on;
                  })
                }
              >
                <span className="studio-switch-track" aria-hidden="true" />
                {t("studio.page-settings.index")}
              </Switch>
              <Switch
                className="studio-switch"
                isSelected={value.hidden}
                onChange={(on) =>
                  update((d) => {
                    d.hidden = on;
                  })
                }
              >
                <span className="studio-switch-track" aria-hidden="true" />
                {t("studio.page-settings.hidden")}
              </Switch>
              <Switch className="studio-switch" isSelected={ownFooter} onChange={setOwnFooter}>
                <span className="studio-switch-track" aria-hidden="true" />
                {t("studio.page-settings.own-footer")}
              </Switch>
            </fieldset>
            <p className="studio-note">{t("studio.page-settings.publish-note")}</p>
            <div className="studio-dialog-actions">
              <Button className="studio-button" onPress={hide}>
                {t("studio.page-settings.cancel")}
              </Button>
              <Button type="submit" className="studio-button studio-button-primary">
                {t("studio.page-settings.apply")}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The toolbar's button opening the open page's settings (a page of the site; in a variant, the page's own settings stay the page's). */
export function PageSettingsButton({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  const editable = useStudioStore((s) => !!s.doc && (s.doc.origin ?? "server") === "server" && !s.doc.variant);
  return (
    <>
      <Button
        className="studio-button"
        isDisabled={!editable}
        onPress={() => usePageSettingsDialog.getState().show()}
        aria-label={t("studio.page-settings.open")}
      >
        <Icon name="edit" size={16} />
        {t("studio.page-settings.button")}
      </Button>
      <PageSettingsDialog api={api} locale={locale} />
    </>
  );
}
