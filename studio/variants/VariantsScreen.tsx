/**
 * The Variants screen (issue 29): a variant is another content of the same pages (a campaign),
 * named and coloured from the spec's palette. Created here; its pages edited in the editor with
 * its banner (the address carries `&variant=`), previewed on the site (`?variant=`), made the one
 * every visitor sees or not, renamed, recoloured and deleted.
 */
import { useCallback, useEffect, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { studioPath } from "../../renderer/lib/studio-paths";
import { VARIANT_COLORS } from "../../schema/common";
import type { Locale } from "../../schema/locales";
import { variantInputSchema } from "../../schema/site-admin";
import { type PageSummary, type StudioApi, StudioApiError, type VariantSummary } from "../shell/api";
import { Field, issuesByPath, SelectField } from "../shell/form";
import { Icon } from "../shell/icons";
import { showToast } from "../shell/toasts";

function VariantForm(props: {
  initial: { name: string; color: string };
  submitLabel: string;
  onSubmit: (value: { name: string; color: string }) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="studio-variant-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const parsed = variantInputSchema.safeParse(value);
        if (!parsed.success) {
          setErrors(issuesByPath(parsed.error));
          return;
        }
        setErrors({});
        setBusy(true);
        try {
          await props.onSubmit(parsed.data);
          setValue(props.initial);
        } catch (caught) {
          if (caught instanceof StudioApiError && Object.keys(caught.errors).length > 0) setErrors(caught.errors);
          else showToast({ text: t("studio.errors.failed", { message: (caught as Error).message }), tone: "error" });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field
        label={t("studio.variants.name")}
        value={value.name}
        error={errors.name}
        onChange={(name) => setValue({ ...value, name })}
      />
      <div className="studio-colour-field">
        <SelectField
          label={t("studio.variants.color")}
          value={value.color}
          error={errors.color}
          onChange={(color) => setValue({ ...value, color })}
          options={VARIANT_COLORS.map((c) => ({ value: c, label: t(`studio.variants.colors.${c}`) }))}
        />
        <span className={`studio-swatch variant-${value.color}`} aria-hidden="true" />
      </div>
      <div className="studio-form-actions">
        <Button type="submit" className="studio-button studio-button-primary" isDisabled={busy}>
          {props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button className="studio-button" onPress={props.onCancel}>
            {t("studio.page-settings.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function VariantsScreen({ api, locale }: { api: StudioApi; locale: Locale }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{
    variants: VariantSummary[];
    active: string | null;
    chromeVersion: number;
  } | null>(null);
  const [pages, setPages] = useState<PageSummary[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<VariantSummary | null>(null);

  const load = useCallback(() => {
    api
      .variants()
      .then((answer) =>
        setState({ variants: answer.variants, active: answer.active_variant_id, chromeVersion: answer.chrome_version }),
      )
      .catch(() => showToast({ text: t("studio.variants.load-error"), tone: "error" }));
    api
      .listPages()
      .then(setPages)
      .catch(() => setPages([]));
  }, [api, t]);
  useEffect(load, [load]);

  const home = pages.find((p) => p.paths.fr === "/fr") ?? pages[0];
  const titleOf = (pageId: string) => pages.find((p) => p.page_id === pageId)?.title[locale] ?? pageId;
  const setActive = async (variant: VariantSummary | null) => {
    if (!state) return;
    try {
      await api.setActiveVariant(variant?.variant_id ?? null, state.chromeVersion);
      showToast({
        text: variant ? t("studio.variants.activated", { name: variant.name }) : t("studio.variants.deactivated"),
      });
      load();
    } catch (caught) {
      showToast({ text: t("studio.errors.failed", { message: (caught as Error).message }), tone: "error" });
      load();
    }
  };

  return (
    <div className="studio-screen-body">
      <div className="studio-screen-head">
        <h1>{t("studio.variants.title")}</h1>
        <p>{t("studio.variants.intro")}</p>
      </div>
      <section className="studio-card" aria-labelledby="variant-new">
        <h2 id="variant-new">{t("studio.variants.new")}</h2>
        <VariantForm
          initial={{ name: "", color: "orange" }}
          submitLabel={t("studio.variants.create")}
          onSubmit={async (value) => {
            await api.createVariant(value.name, value.color);
            showToast({ text: t("studio.variants.created", { name: value.name }) });
            load();
          }}
        />
      </section>
      {state === null ? (
        <p role="status">{t("studio.variants.loading")}</p>
      ) : state.variants.length === 0 ? (
        <p className="studio-muted">{t("studio.variants.none")}</p>
      ) : (
        <ul className="studio-variant-list">
          {state.variants.map((variant) => {
            const own = Object.keys(variant.pages);
            const active = state.active === variant.variant_id;
            return (
              <li key={variant.variant_id} className="studio-card studio-variant" data-variant-id={variant.variant_id}>
                <div className="studio-variant-head">
                  <span className={`studio-swatch variant-${variant.color}`} aria-hidden="true" />
                  <h2>{variant.name}</h2>
                  {active ? (
                    <span className="studio-badge" data-status="active">
                      {t("studio.variants.active")}
                    </span>
                  ) : null}
                </div>
                <p className="studio-muted">
                  {t(`studio.variants.colors.${variant.color}`)} · <code>?variant={variant.variant_id}</code>
                </p>
                <p>
                  {own.length === 0
                    ? t("studio.variants.no-pages")
                    : t("studio.variants.pages", { count: own.length, pages: own.map(titleOf).join(", ") })}
                </p>
                {editing === variant.variant_id ? (
                  <VariantForm
                    initial={{ name: variant.name, color: variant.color }}
                    submitLabel={t("studio.variants.save")}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (value) => {
                      await api.updateVariant(variant.variant_id, value.name, value.color, variant.version);
                      setEditing(null);
                      load();
                    }}
                  />
                ) : (
                  <div className="studio-row-actions">
                    {home ? (
                      <a
                        className="studio-button studio-button-primary studio-small-button"
                        href={`${studioPath(locale, "sections")}?page=${home.paths[locale]}&variant=${variant.variant_id}`}
                      >
                        {t("studio.variants.edit-content")}
                        <span className="studio-sr-only"> {variant.name}</span>
                      </a>
                    ) : null}
                    <a
                      className="studio-button studio-small-button"
                      href={`/${locale}?variant=${encodeURIComponent(variant.variant_id)}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      <Icon name="external" size={16} />
                      {t("studio.variants.preview")}
                      <span className="studio-sr-only"> {variant.name}</span>
                    </a>
                    <Button
                      className="studio-button studio-small-button"
                      onPress={() => void setActive(active ? null : variant)}
                    >
                      {active ? t("studio.variants.deactivate") : t("studio.variants.activate")}
                      <span className="studio-sr-only"> {variant.name}</span>
                    </Button>
                    <Button
                      className="studio-button studio-small-button"
                      onPress={() => setEditing(variant.variant_id)}
                    >
                      {t("studio.variants.rename")}
                      <span className="studio-sr-only"> {variant.name}</span>
                    </Button>
                    <Button className="studio-button studio-small-button" onPress={() => setDeleting(variant)}>
                      {t("studio.variants.delete")}
                      <span className="studio-sr-only"> {variant.name}</span>
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ModalOverlay
        className="studio-modal"
        isOpen={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        isDismissable
      >
        <Modal className="studio-modal-box">
          <Dialog className="studio-dialog" role="alertdialog">
            {({ close }) => (
              <>
                <Heading slot="title">{t("studio.variants.delete-title", { name: deleting?.name ?? "" })}</Heading>
                <p>{t("studio.variants.delete-text")}</p>
                <div className="studio-dialog-actions">
                  <Button className="studio-button" onPress={close} autoFocus>
                    {t("studio.page-settings.cancel")}
                  </Button>
                  <Button
                    className="studio-button studio-button-danger"
                    onPress={async () => {
                      const target = deleting;
                      close();
                      if (!target) return;
                      try {
                        await api.deleteVariant(target.variant_id);
                        showToast({ text: t("studio.variants.deleted", { name: target.name }) });
                        load();
                      } catch (caught) {
                        showToast({
                          text: t("studio.errors.failed", { message: (caught as Error).message }),
                          tone: "error",
                        });
                      }
                    }}
                  >
                    {t("studio.variants.delete")}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
