/**
 * General settings (issue 29), in three tabs: the site's information (who the broker or agency
 * is, the OACIQ mentions, phone, e-mail, address, social links, logos, favicon: written into
 * every header and footer), the site's theme (previewed live on a sample, published for the
 * whole site after a review, every version kept and restorable), and the editor's own
 * preferences (payload colours, edit mode on the site: never the visitors'). The information
 * and the theme are an administrator's, confirmed in sudo mode; editors read them.
 */
import { useEffect, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { BlockList } from "../../renderer/blocks/BlockList";
import { themeSchemeRules } from "../../renderer/lib/theme";
import type { Block } from "../../schema/block";
import type { Locale, SiteType } from "../../schema/common";
import { blockRegistry } from "../../schema/registry";
import { phoneDisplay, type SiteInfo, SOCIAL_NAMES, SOCIAL_NETWORKS, siteInfoSchema } from "../../schema/site-info";
import type { Theme } from "../../schema/theme";
import { COLOR_SCHEMES, GREYS, PRESETS, THEME_PRESETS, type ThemePreset } from "../../schema/theme-values";
import { themeStyle, withoutPayloadColors } from "../canvas/Canvas";
import { type StudioApi, StudioApiError, type ThemeVersion } from "../shell/api";
import { Field, formatDateTime, issuesByPath, SelectField } from "../shell/form";
import { useStudioRole } from "../shell/role";
import { useSiteStore } from "../shell/site-store";
import { showToast } from "../shell/toasts";
import { blockFromExample, useStudioStore } from "../store";
import { useThemeDraft } from "./theme-draft";

const SAMPLE_TYPES = ["text_block_1", "text_block_2"];
let sample: Block[] | undefined;
function sampleBlocks(): Block[] {
  sample ??= SAMPLE_TYPES.filter((t) => t in blockRegistry).flatMap((type, i) => {
    const block = blockFromExample(type, `sample-${type}`);
    if (!block) return [];
    return [{ ...block, block_params: { ...block.block_params, color_scheme: i % 2 ? "inverted" : "normal" } }];
  });
  return sample;
}

const COLOUR_KEYS = ["accent", "accent_dark", "accent_light", "text"] as const;
const SCHEME_KEYS = ["background", "text", "button", "button_text", "input"] as const;

export function Settings({ api, locale, siteType }: { api: StudioApi; locale: Locale; siteType: SiteType }) {
  const { t } = useTranslation();
  const tab = typeof window !== "undefined" && window.location.hash === "#theme" ? "theme" : "info";
  return (
    <div className="studio-screen-body">
      <div className="studio-screen-head">
        <h1>{t("studio.settings.title")}</h1>
      </div>
      <Tabs defaultSelectedKey={tab} className="studio-tabs">
        <TabList aria-label={t("studio.settings.title")} className="studio-tablist">
          <Tab id="info" className="studio-tab">
            {t("studio.settings.tab-info")}
          </Tab>
          <Tab id="theme" className="studio-tab">
            {t("studio.settings.tab-theme")}
          </Tab>
          <Tab id="preferences" className="studio-tab">
            {t("studio.settings.tab-preferences")}
          </Tab>
        </TabList>
        <TabPanel id="info" className="studio-tabpanel">
          <SiteInfoForm api={api} />
        </TabPanel>
        <TabPanel id="theme" className="studio-tabpanel">
          <ThemeSettings api={api} locale={locale} siteType={siteType} />
        </TabPanel>
        <TabPanel id="preferences" className="studio-tabpanel">
          <Preferences />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function AdminNote() {
  const { t } = useTranslation();
  return (
    <p className="studio-note" role="note">
      {t("studio.settings.admin-only")}
    </p>
  );
}

// ---- site information ------------------------------------------------------------

interface InfoForm {
  name: string;
  licence: { fr: string; en: string };
  agency_name: { fr: string; en: string };
  phone: string;
  email: string;
  address: { fr: string; en: string };
  social: { network: string; url: string }[];
  logo_light: string;
  logo_dark: string;
  favicon: string;
}

const emptyInfo: InfoForm = {
  name: "",
  licence: { fr: "", en: "" },
  agency_name: { fr: "", en: "" },
  phone: "",
  email: "",
  address: { fr: "", en: "" },
  social: [],
  logo_light: "",
  logo_dark: "",
  favicon: "",
};

function formOf(info: SiteInfo | undefined): InfoForm {
  if (!info) return structuredClone(emptyInfo);
  return {
    name: info.name,
    licence: { ...info.licence },
    agency_name: { ...info.agency_name },
    phone: phoneDisplay(info.phone),
    email: info.email,
    address: { ...info.address },
    social: info.social.map((s) => ({ ...s })),
    logo_light: info.logo_light ?? "",
    logo_dark: info.logo_dark ?? "",
    favicon: info.favicon ?? "",
  };
}

/** What the form sends: optional addresses left out when empty. */
function inputOf(form: InfoForm) {
  return {
    ...form,
    logo_light: form.logo_light.trim() || undefined,
    logo_dark: form.logo_dark.trim() || undefined,
    favicon: form.favicon.trim() || undefined,
  };
}

function SiteInfoForm({ api }: { api: StudioApi }) {
  const { t } = useTranslation();
  const admin = useStudioRole() === "admin";
  const settings = useSiteStore((s) => s.settings);
  const info = useSiteStore((s) => s.info);
  const [form, setForm] = useState<InfoForm>(() => formOf(info));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  // The form takes the site's information once it arrives, and after each save.
  useEffect(() => setForm(formOf(info)), [info]);
  const update = (change: (draft: InfoForm) => void) => {
    const next = structuredClone(form);
    change(next);
    setForm(next);
  };

  async function save() {
    if (!settings) return;
    const parsed = siteInfoSchema.safeParse(inputOf(form));
    setMessage("");
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error));
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(".studio-info-form [aria-invalid='true']")?.focus(),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.saveInfo(inputOf(form), settings.info_version);
      await api.settings();
      showToast({ text: t("studio.settings.info-saved") });
    } catch (caught) {
      if (caught instanceof StudioApiError && Object.keys(caught.errors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(caught.errors).map(([k, v]) => [k.replace(/^info\./, ""), v])));
      } else if (caught instanceof StudioApiError && caught.status === 409) setMessage(t("studio.settings.conflict"));
      else if (caught instanceof StudioApiError && caught.code === "reauth_required")
        setMessage(t("studio.errors.reauth"));
      else setMessage(t("studio.errors.failed", { message: (caught as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  const perLocale = (key: "licence" | "agency_name" | "address", label: string, hint?: string) => (
    <div className="studio-columns">
      {(["fr", "en"] as const).map((l) => (
        <Field
          key={l}
          lang={l}
          label={t("studio.fields.inLocale", { label, locale: t(`studio.fields.locales.${l}`) })}
          value={form[key][l]}
          error={errors[`${key}.${l}`]}
          hint={hint}
          disabled={!admin}
          onChange={(v) =>
            update((d) => {
              d[key][l] = v;
            })
          }
        />
      ))}
    </div>
  );

  return (
    <form
      className="studio-form studio-info-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p>{t("studio.settings.info-intro")}</p>
      {admin ? null : <AdminNote />}
      <fieldset className="studio-fieldset">
        <legend>{t("studio.settings.identity")}</legend>
        <Field
          label={t("studio.settings.name")}
          value={form.name}
          error={errors.name}
          disabled={!admin}
          onChange={(v) =>
            update((d) => {
              d.name = v;
            })
          }
        />
        {perLocale("licence", t("studio.settings.licence"), t("studio.settings.licence-hint"))}
        {perLocale("agency_name", t("studio.settings.agency"), t("studio.settings.agency-hint"))}
      </fieldset>
      <fieldset className="studio-fieldset">
        <legend>{t("studio.settings.contact")}</legend>
        <div className="studio-columns">
          <Field
            label={t("studio.settings.phone")}
            type="tel"
            value={form.phone}
            error={errors.phone}
            hint={t("studio.settings.phone-hint")}
            disabled={!admin}
            onChange={(v) =>
              update((d) => {
                d.phone = v;
              })
            }
          />
          <Field
            label={t("studio.settings.email")}
            type="email"
            value={form.email}
            error={errors.email}
            disabled={!admin}
            onChange={(v) =>
              update((d) => {
                d.email = v;
              })
            }
          />
        </div>
        {perLocale("address", t("studio.settings.address"))}
      </fieldset>
      <fieldset className="studio-fieldset">
        <legend>{t("studio.settings.social")}</legend>
        {form.social.length === 0 ? <p className="studio-muted">{t("studio.settings.social-none")}</p> : null}
        {form.social.map((link, i) => (
          <div key={i} className="studio-social-row">
            <SelectField
              label={t("studio.settings.network", { n: i + 1 })}
              value={link.network}
              error={errors[`social.${i}.network`]}
              disabled={!admin}
              onChange={(v) =>
                update((d) => {
                  d.social[i]!.network = v;
                })
              }
              options={SOCIAL_NETWORKS.map((n) => ({ value: n, label: SOCIAL_NAMES[n] }))}
            />
            <Field
              label={t("studio.settings.social-url", {
                network: SOCIAL_NAMES[link.network as keyof typeof SOCIAL_NAMES] ?? "",
              })}
              type="url"
              value={link.url}
              error={errors[`social.${i}.url`]}
              disabled={!admin}
              onChange={(v) =>
                update((d) => {
                  d.social[i]!.url = v;
                })
              }
            />
            <Button
              className="studio-button studio-small-button"
              isDisabled={!admin}
              onPress={() =>
                update((d) => {
                  d.social.splice(i, 1);
                })
              }
            >
              {t("studio.settings.social-remove")}
              <span className="studio-sr-only"> {SOCIAL_NAMES[link.network as keyof typeof SOCIAL_NAMES]}</span>
            </Button>
          </div>
        ))}
        <Button
          className="studio-button studio-small-button"
          isDisabled={!admin || form.social.length >= 12}
          onPress={() =>
            update((d) => {
              d.social.push({ network: "facebook", url: "https://" });
            })
          }
        >
          {t("studio.settings.social-add")}
        </Button>
      </fieldset>
      <fieldset className="studio-fieldset">
        <legend>{t("studio.settings.images")}</legend>
        <div className="studio-columns">
          <Field
            label={t("studio.settings.logo-light")}
            value={form.logo_light}
            error={errors.logo_light}
            hint={t("studio.settings.asset-hint")}
            disabled={!admin}
            onChange={(v) =>
              update((d) => {
                d.logo_light = v;
              })
            }
          />
          <Field
            label={t("studio.settings.logo-dark")}
            value={form.logo_dark}
            error={errors.logo_dark}
            hint={t("studio.settings.asset-hint")}
            disabled={!admin}
            onChange={(v) =>
              update((d) => {
                d.logo_dark = v;
              })
            }
          />
        </div>
        <div className="studio-logo-previews">
          {form.logo_light ? (
            <img src={form.logo_light} alt={t("studio.settings.logo-light")} className="studio-logo-light" />
          ) : null}
          {form.logo_dark ? (
            <img src={form.logo_dark} alt={t("studio.settings.logo-dark")} className="studio-logo-dark" />
          ) : null}
        </div>
        <Field
          label={t("studio.settings.favicon")}
          value={form.favicon}
          error={errors.favicon}
          hint={t("studio.settings.asset-hint")}
          disabled={!admin}
          onChange={(v) =>
            update((d) => {
              d.favicon = v;
            })
          }
        />
      </fieldset>
      {message ? (
        <p role="alert" className="studio-field-error">
          {message}
        </p>
      ) : null}
      {admin ? (
        <div className="studio-form-actions">
          <Button type="submit" className="studio-button studio-button-primary" isDisabled={busy || !settings}>
            {t("studio.settings.info-save")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

// ---- theme ------------------------------------------------------------------------

/** The theme's values a review lists: each key whose value differs from the published theme's. */
export function themeChanges(from: Theme, to: Theme): { key: string; from: string; to: string }[] {
  const flat = (theme: Theme): Record<string, string> => {
    const preset = PRESETS[theme.preset];
    const out: Record<string, string> = { preset: theme.preset };
    for (const n of [1, 2, 3] as const)
      out[`radius-${n}`] = theme.radius[`radius-${n}`] ?? preset.radius[`radius-${n}`];
    for (const key of COLOUR_KEYS) out[key] = theme.colors[key] ?? preset[key];
    (theme.greys ?? GREYS).forEach((grey, i) => {
      out[`grey-${(i + 1) * 100}`] = grey;
    });
    for (const scheme of COLOR_SCHEMES)
      for (const key of SCHEME_KEYS) out[`${scheme}.${key}`] = theme.schemes?.[scheme]?.[key] ?? "";
    return out;
  };
  const a = flat(from);
  const b = flat(to);
  return Object.keys(b)
    .filter((key) => a[key] !== b[key])
    .map((key) => ({ key, from: a[key] ?? "", to: b[key] ?? "" }));
}

function ThemeSettings({ api, locale, siteType }: { api: StudioApi; locale: Locale; siteType: SiteType }) {
  const { t } = useTranslation();
  const admin = useStudioRole() === "admin";
  const draft = useThemeDraft((s) => s.draft);
  const published = useThemeDraft((s) => s.published);
  const version = useThemeDraft((s) => s.version);
  const stale = useThemeDraft((s) => s.stale);
  const payloadColors = useStudioStore((s) => s.editorSettings.payloadColorsEnabled);
  const theme = draft ?? published;
  const preset = PRESETS[theme.preset];
  const { edit, revert } = useThemeDraft.getState();
  const [reviewing, setReviewing] = useState(false);
  const [versions, setVersions] = useState<ThemeVersion[] | null>(null);
  const px = (value: string | undefined) => Number.parseInt(value ?? "0", 10) || 0;
  const loadVersions = () =>
    api
      .themeVersions()
      .then(setVersions)
      .catch(() => setVersions([]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the versions load once per published version.
  useEffect(() => void loadVersions(), [version]);
  const changes = themeChanges(published, theme);

  return (
    <div className="studio-settings">
      <form className="studio-settings-form" onSubmit={(e) => e.preventDefault()}>
        <p>{t("studio.settings.theme-intro")}</p>
        {admin ? null : <AdminNote />}
        {stale ? <p className="studio-note">{t("studio.settings.theme-stale")}</p> : null}
        <fieldset disabled={!admin}>
          <legend>{t("studio.settings.theme")}</legend>
          <SelectField
            label={t("studio.settings.preset")}
            value={theme.preset}
            onChange={(value) => edit({ preset: value as ThemePreset, colors: null })}
            options={THEME_PRESETS.map((p) => ({ value: p, label: t(`studio.settings.preset-${p}`) }))}
          />
          <div className="studio-grid-3">
            {([1, 2, 3] as const).map((n) => (
              <Field
                key={n}
                label={t("studio.settings.radius", { n })}
                value={String(px(theme.radius[`radius-${n}`] ?? preset.radius[`radius-${n}`]))}
                onChange={(value) =>
                  edit({ radius: { [`radius-${n}`]: `${Math.min(200, Math.max(0, Number(value) || 0))}px` } })
                }
              />
            ))}
          </div>
          <div className="studio-grid-2">
            {COLOUR_KEYS.map((key) => (
              <Field
                key={key}
                type="color"
                label={t(`studio.settings.${key}`)}
                value={theme.colors[key] ?? preset[key]}
                onChange={(value) => edit({ colors: { [key]: value } })}
              />
            ))}
          </div>
        </fieldset>
        <fieldset disabled={!admin}>
          <legend>{t("studio.settings.greys")}</legend>
          <div className="studio-grid-5">
            {(theme.greys ?? GREYS).map((grey, i) => (
              <Field
                key={i}
                type="color"
                label={t("studio.settings.grey", { n: (i + 1) * 100 })}
                value={grey}
                onChange={(value) => {
                  const next = [...(theme.greys ?? GREYS)];
                  next[i] = value;
                  edit({ greys: next });
                }}
              />
            ))}
          </div>
          <Button
            className="studio-button studio-small-button"
            isDisabled={!admin || !theme.greys}
            onPress={() => edit({ greys: null })}
          >
            {t("studio.settings.greys-default")}
          </Button>
        </fieldset>
        <fieldset disabled={!admin}>
          <legend>{t("studio.settings.schemes")}</legend>
          <p className="studio-muted">{t("studio.settings.schemes-hint")}</p>
          {COLOR_SCHEMES.map((scheme) => (
            <fieldset key={scheme} className="studio-fieldset">
              <legend>{t(`studio.settings.scheme-${scheme}`)}</legend>
              <div className="studio-grid-5">
                {SCHEME_KEYS.map((key) => (
                  <Field
                    key={key}
                    type="color"
                    label={t(`studio.settings.scheme-key-${key}`)}
                    value={theme.schemes?.[scheme]?.[key] ?? (scheme === "inverted" ? "#242a31" : "#ffffff")}
                    onChange={(value) => edit({ schemes: { [scheme]: { ...theme.schemes?.[scheme], [key]: value } } })}
                  />
                ))}
              </div>
            </fieldset>
          ))}
          <Button
            className="studio-button studio-small-button"
            isDisabled={!admin || !theme.schemes || Object.keys(theme.schemes).length === 0}
            onPress={() => edit({ schemes: { normal: undefined, "normal-grey": undefined, inverted: undefined } })}
          >
            {t("studio.settings.schemes-default")}
          </Button>
        </fieldset>
        <div className="studio-form-actions">
          <Button className="studio-button" isDisabled={!draft} onPress={revert}>
            {t("studio.settings.reset-theme")}
          </Button>
          {admin ? (
            <Button
              className="studio-button studio-button-primary"
              isDisabled={changes.length === 0}
              onPress={() => setReviewing(true)}
            >
              {t("studio.settings.theme-publish")}
            </Button>
          ) : null}
        </div>
        <p className="studio-muted" role="status">
          {draft
            ? t("studio.settings.theme-draft", { count: changes.length })
            : t("studio.settings.theme-published", { version })}
        </p>
        <ThemeVersions
          versions={versions}
          current={version}
          locale={locale}
          admin={admin}
          onRestore={(v) => {
            useThemeDraft.getState().use(v.theme);
            setReviewing(true);
          }}
        />
      </form>
      <section className="studio-settings-sample" aria-labelledby="theme-sample">
        <h2 id="theme-sample">{t("studio.settings.sample")}</h2>
        <div className="studio-canvas" data-theme-preset={theme.preset} style={themeStyle(theme)}>
          <style>{themeSchemeRules(theme, ".studio-settings-sample ")}</style>
          <BlockList
            blocks={payloadColors ? sampleBlocks() : sampleBlocks().map(withoutPayloadColors)}
            locale={locale}
            siteType={siteType}
            region="content"
          />
        </div>
      </section>
      <ThemeReview
        api={api}
        isOpen={reviewing}
        onClose={() => setReviewing(false)}
        changes={changes}
        theme={theme}
        version={version}
      />
    </div>
  );
}

function ThemeVersions(props: {
  versions: ThemeVersion[] | null;
  current: number;
  locale: Locale;
  admin: boolean;
  onRestore: (version: ThemeVersion) => void;
}) {
  const { t } = useTranslation();
  if (!props.versions) return null;
  return (
    <section className="studio-theme-versions" aria-labelledby="theme-versions">
      <h2 id="theme-versions">{t("studio.settings.versions")}</h2>
      <ol>
        {props.versions.map((v) => (
          <li key={v.version} data-version={v.version}>
            <span>
              {t("studio.settings.version", { version: v.version })} · {t(`studio.settings.preset-${v.theme.preset}`)}
              {v.created_at ? ` · ${formatDateTime(v.created_at, props.locale)}` : ""}
              {v.editor ? ` · ${v.editor.name}` : ""}
            </span>
            {v.version === props.current ? (
              <span className="studio-badge" data-status="published">
                {t("studio.settings.version-current")}
              </span>
            ) : props.admin ? (
              <Button className="studio-button studio-small-button" onPress={() => props.onRestore(v)}>
                {t("studio.settings.version-restore")}
                <span className="studio-sr-only"> {t("studio.settings.version", { version: v.version })}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The review before a theme is published: what changes, then Publish (sudo mode asks who you are). */
function ThemeReview(props: {
  api: StudioApi;
  isOpen: boolean;
  onClose: () => void;
  changes: { key: string; from: string; to: string }[];
  theme: Theme;
  version: number;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<{ kind: "idle" | "working" | "error" | "success"; text?: string }>({
    kind: "idle",
  });
  useEffect(() => {
    if (props.isOpen) setStatus({ kind: "idle" });
  }, [props.isOpen]);
  const name = (key: string) =>
    key.includes(".")
      ? `${t(`studio.settings.scheme-${key.split(".")[0]}`)} › ${t(`studio.settings.scheme-key-${key.split(".")[1]}`)}`
      : key.startsWith("grey-")
        ? t("studio.settings.grey", { n: key.slice(5) })
        : key.startsWith("radius-")
          ? t("studio.settings.radius", { n: key.slice(7) })
          : t(`studio.settings.${key}`);
  async function publish() {
    setStatus({ kind: "working", text: t("studio.publish.working") });
    try {
      const version = await props.api.publishTheme(props.theme, props.version);
      useThemeDraft.getState().markPublished(props.theme, version);
      await props.api.settings().catch(() => undefined);
      setStatus({ kind: "success", text: t("studio.settings.theme-done", { version }) });
    } catch (caught) {
      setStatus({
        kind: "error",
        text:
          caught instanceof StudioApiError && caught.status === 409
            ? t("studio.settings.conflict")
            : caught instanceof StudioApiError && caught.code === "reauth_required"
              ? t("studio.errors.reauth")
              : t("studio.errors.failed", { message: (caught as Error).message }),
      });
    }
  }
  return (
    <ModalOverlay
      className="studio-modal"
      isOpen={props.isOpen}
      onOpenChange={(o) => !o && props.onClose()}
      isDismissable
    >
      <Modal className="studio-modal-box">
        <Dialog className="studio-dialog">
          <Heading slot="title">{t("studio.settings.review-title")}</Heading>
          {status.kind === "success" ? null : (
            <>
              <p>{t("studio.settings.review-intro")}</p>
              <ul className="studio-changes">
                {props.changes.map((change) => (
                  <li key={change.key}>
                    <strong>{name(change.key)}</strong> : {change.from || "—"} → {change.to || "—"}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div role="status" aria-live="polite" className={`studio-publish-status studio-${status.kind}`}>
            {status.text}
          </div>
          <div className="studio-dialog-actions">
            <Button className="studio-button" onPress={props.onClose}>
              {t("studio.publish.close")}
            </Button>
            {status.kind === "success" ? null : (
              <Button
                className="studio-button studio-button-primary"
                isDisabled={status.kind === "working" || props.changes.length === 0}
                onPress={() => void publish()}
              >
                {t("studio.settings.theme-publish-confirm")}
              </Button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

// ---- the editor's own preferences --------------------------------------------------

function Preferences() {
  const { t } = useTranslation();
  const editor = useStudioStore((s) => s.editorSettings);
  const { setSettings } = useStudioStore.getState();
  return (
    <form className="studio-form" onSubmit={(e) => e.preventDefault()}>
      <p>{t("studio.settings.preferences-intro")}</p>
      <fieldset className="studio-fieldset">
        <legend>{t("studio.settings.editor")}</legend>
        <label className="studio-check">
          <input
            type="checkbox"
            checked={editor.payloadColorsEnabled}
            onChange={(e) => setSettings({ payloadColorsEnabled: e.target.checked })}
          />
          {t("studio.settings.payload-colors")}
        </label>
        <label className="studio-check">
          <input
            type="checkbox"
            checked={editor.globalEditModeActivated}
            onChange={(e) => setSettings({ globalEditModeActivated: e.target.checked })}
          />
          {t("studio.settings.global-edit")}
        </label>
      </fieldset>
    </form>
  );
}
