/**
 * A new page (issue 29): blank, from a template (templates.ts) or as a copy of a page; its title
 * in both languages, and its paths proposed from them (accents folded, checked against the site's
 * pages and the routes that are not pages) until the editor writes their own. The page starts as a
 * draft in this browser and opens in the editor; publishing it puts it on the site.
 */
import { useEffect, useId, useMemo, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay, Radio, RadioGroup } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { studioPath } from "../../renderer/lib/studio-paths";
import type { Block } from "../../schema/block";
import type { Locale } from "../../schema/locales";
import { proposePageId, proposePath } from "../../schema/site-routes";
import { chromeOf, docOfPage, type PageSummary, type StudioApi, studioBlocks } from "../shell/api";
import { createPageDraft } from "../shell/drafts";
import { Field, SelectField } from "../shell/form";
import { showToast } from "../shell/toasts";
import { newBlockId, type StudioDoc } from "../store";
import { settingsErrors, settingsOfDoc } from "./PageSettings";
import { TEMPLATE_IDS, TEMPLATES, type TemplateId, templateBlocks } from "./templates";

type Start = "blank" | TemplateId | "copy";

/** New ids for copied blocks: a page's blocks are its own (anchors, the studio's selection, analytics). */
const withNewIds = (blocks: readonly Block[]) =>
  blocks.map((b) => ({ ...structuredClone(b), id: newBlockId(b.block_type) }));

export function NewPageDialog(props: {
  api: StudioApi;
  locale: Locale;
  pages: readonly PageSummary[];
  /** Pages never published (server drafts): their paths and ids are taken too. */
  newPages?: readonly PageSummary[];
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api, locale, pages } = props;
  const known = useMemo(() => [...pages, ...(props.newPages ?? [])], [pages, props.newPages]);
  const [start, setStart] = useState<Start>("blank");
  const [copyOf, setCopyOf] = useState("");
  const [title, setTitle] = useState({ fr: "", en: "" });
  const [paths, setPaths] = useState({ fr: "", en: "" });
  const [touched, setTouched] = useState({ fr: false, en: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const legend = useId();

  useEffect(() => {
    if (!props.isOpen) return;
    setStart("blank");
    setCopyOf(pages[0]?.page_id ?? "");
    setTitle({ fr: "", en: "" });
    setPaths({ fr: "", en: "" });
    setTouched({ fr: false, en: false });
    setErrors({});
  }, [props.isOpen, pages]);

  const taken = (path: string) => known.some((p) => p.paths.fr === path || p.paths.en === path);
  const changeTitle = (l: Locale, text: string) => {
    const next = { ...title, [l]: text };
    setTitle(next);
    // Paths follow the title until the editor writes one.
    setPaths((current) => ({
      fr: touched.fr ? current.fr : next.fr ? proposePath(next.fr, "fr", taken) : "",
      en: touched.en ? current.en : next.en || next.fr ? proposePath(next.en || next.fr, "en", taken) : "",
    }));
  };
  const chooseStart = (next: Start) => {
    setStart(next);
    // A template proposes its own title when none was typed.
    if (next !== "blank" && next !== "copy" && !title.fr && !title.en) {
      const template = TEMPLATES[next];
      setTitle({ ...template.title });
      setPaths({
        fr: touched.fr ? paths.fr : proposePath(template.title.fr, "fr", taken),
        en: touched.en ? paths.en : proposePath(template.title.en, "en", taken),
      });
    }
  };

  async function create() {
    const draftDoc = { title, paths, hidden: false, seo: undefined };
    const found = settingsErrors(settingsOfDoc(draftDoc), known, "");
    const own = Object.fromEntries(
      Object.entries(found).filter(([key]) => key.startsWith("title") || key.startsWith("paths")),
    );
    if (start === "copy" && !pages.some((p) => p.page_id === copyOf)) own.copy = "required";
    setErrors(own);
    if (Object.keys(own).length > 0) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(".studio-new-page [aria-invalid='true']")?.focus(),
      );
      return;
    }
    setBusy(true);
    try {
      const settings = await api.settings();
      let blocks: Block[] = [];
      let seo: unknown;
      if (start === "copy") {
        const source = await api.page(copyOf);
        blocks = withNewIds(source.blocks);
        seo = source.seo;
      } else if (start !== "blank") {
        blocks = templateBlocks(start);
        const template = TEMPLATES[start];
        seo = {
          global: { fr: { ...template.seo.fr }, en: { ...template.seo.en } },
          robots_index_rule: "index, follow",
        };
      }
      const pageId = proposePageId(title.fr || title.en, new Set(known.map((p) => p.page_id)));
      const doc: StudioDoc = {
        ...docOfPage(
          { page_id: pageId, paths, title, content: [], hidden: false, version: 0 },
          { site_id: api.siteId, site_key: "", theme: settings.theme },
          "server",
          settings,
        ),
        blocks: studioBlocks(blocks),
        base_version: 0,
        ...(seo === undefined ? {} : { seo }),
        chrome: chromeOf(settings),
      };
      // The new page is a server draft until it is published (every editor sees it); the editor opens it.
      const answer = await createPageDraft(doc);
      if (answer.status !== 200) {
        const message = (answer.body as { message?: unknown } | null)?.message;
        showToast({
          text: t("studio.new-page.failed", {
            message: typeof message === "string" ? message : `HTTP ${answer.status}`,
          }),
          tone: "error",
        });
        return;
      }
      window.location.assign(`${studioPath(locale, "sections")}?draft=${encodeURIComponent(pageId)}`);
    } catch (error) {
      showToast({ text: t("studio.toolbar.load-error", { message: (error as Error).message }), tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalOverlay
      className="studio-modal"
      isOpen={props.isOpen}
      onOpenChange={(o) => !o && props.onClose()}
      isDismissable
    >
      <Modal className="studio-modal-box studio-modal-wide">
        <Dialog className="studio-dialog studio-new-page">
          <Heading slot="title">{t("studio.new-page.title")}</Heading>
          <form
            className="studio-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void create();
            }}
          >
            <RadioGroup
              className="studio-start"
              value={start}
              onChange={(v) => chooseStart(v as Start)}
              aria-labelledby={legend}
            >
              <p id={legend} className="studio-label">
                {t("studio.new-page.start")}
              </p>
              <div className="studio-start-options">
                <Radio value="blank" className="studio-start-option">
                  <strong>{t("studio.new-page.blank")}</strong>
                  <span>{t("studio.new-page.blank-description")}</span>
                </Radio>
                {TEMPLATE_IDS.map((id) => (
                  <Radio key={id} value={id} className="studio-start-option">
                    <strong>{TEMPLATES[id].title[locale]}</strong>
                    <span>{TEMPLATES[id].description[locale]}</span>
                  </Radio>
                ))}
                <Radio value="copy" className="studio-start-option" isDisabled={pages.length === 0}>
                  <strong>{t("studio.new-page.copy")}</strong>
                  <span>{t("studio.new-page.copy-description")}</span>
                </Radio>
              </div>
            </RadioGroup>
            {start === "copy" ? (
              <SelectField
                label={t("studio.new-page.copy-of")}
                value={copyOf}
                error={errors.copy}
                onChange={setCopyOf}
                options={pages.map((p) => ({ value: p.page_id, label: `${p.title[locale]} (${p.paths[locale]})` }))}
              />
            ) : null}
            <div className="studio-columns">
              {(["fr", "en"] as const).map((l) => (
                <fieldset key={l} className="studio-fieldset" lang={l}>
                  <legend>{t(`studio.fields.locales.${l}`)}</legend>
                  <Field
                    label={t("studio.page-settings.page-title")}
                    value={title[l]}
                    error={errors[`title.${l}`]}
                    onChange={(v) => changeTitle(l, v)}
                    autoFocus={l === "fr"}
                  />
                  <Field
                    label={t("studio.page-settings.path")}
                    value={paths[l]}
                    error={errors[`paths.${l}`]}
                    hint={t("studio.new-page.path-hint")}
                    onChange={(v) => {
                      setTouched((current) => ({ ...current, [l]: true }));
                      setPaths((current) => ({ ...current, [l]: v }));
                    }}
                  />
                </fieldset>
              ))}
            </div>
            <div className="studio-dialog-actions">
              <Button className="studio-button" onPress={props.onClose}>
                {t("studio.page-settings.cancel")}
              </Button>
              <Button type="submit" className="studio-button studio-button-primary" isDisabled={busy}>
                {t("studio.new-page.create")}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
