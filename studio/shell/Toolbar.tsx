/**
 * The studio's header, two rows. The first: the studio's screens (sections, pages, redirects,
 * variants, general settings) and the leads inbox, the other language (on the same page) and the
 * signed-in editor's menu (account, sign-out). The second, on the sections screen: the Open menu
 * (demo page, a page of the site, import, export, back to the loaded version) with the open
 * page's title and its settings, undo and redo, the preview device and zoom, the draft's save
 * status, the page's versions and Publish as the primary action: a react-aria toolbar (arrows
 * move between its controls). Below, the page's lock when another editor holds it.
 *
 * Speed: it reads whether a page is open, its title and the history cursor, never the page, so
 * a keystroke on the canvas does not render it (the Publish button's error count excepted, when
 * it changes).
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import {
  Toolbar as AriaToolbar,
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
  SubmenuTrigger,
  ToggleButton,
  ToggleButtonGroup,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { type StudioScreen, studioPath } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/common";
import { PageLock, StudioSession } from "../auth/StudioSession";
import {
  DEVICE_NAMES,
  DEVICES,
  type Device,
  effectiveZoom,
  ZOOM_CHOICES,
  type ZoomChoice,
  zoomPercent,
} from "../canvas/zoom";
import { PageSettingsButton } from "../pages/PageSettings";
import { type DraftStatus, useStudioStore } from "../store";
import {
  type createStudioApi,
  docOfPage,
  importFileSchema,
  type PageSummary,
  pageOfDoc,
  type StudioSiteRef,
} from "./api";
import { DiscardDraftDialog } from "./DiscardDraft";
import { hasDraft, openServerPage, restoreOrphan, useDraftSync } from "./drafts";
import { Icon, type IconName } from "./icons";
import { openDoc } from "./open";
import { PublishDialog } from "./PublishDialog";
import { scheduleText, zoneName } from "./ScheduleFields";
import { ShareButton } from "./ShareDialog";
import { showToast } from "./toasts";
import { useStudioQuery } from "./url";
import { relativeTime, VersionsButton } from "./VersionsDialog";
import { useViewStore } from "./view";

export type StudioMode = StudioScreen;

/** The studio's screens in the order the navigation lists them. */
const SCREENS: readonly StudioScreen[] = ["sections", "pages", "redirects", "variants", "settings"];

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const DEVICE_ICONS: Record<Device, IconName> = { phone: "phone", tablet: "tablet", desktop: "desktop", wide: "wide" };

/**
 * The studio's header: its screens, the inbox, the other language and the session menu on a
 * first row; on the sections screen, the page's tools on a second (a react-aria toolbar).
 */
export function Toolbar(props: {
  api: ReturnType<typeof createStudioApi>;
  site: StudioSiteRef;
  locale: Locale;
  mode: StudioMode;
}) {
  const { t } = useTranslation();
  const { locale, mode } = props;
  // The same studio screen in the other language, on the same page: the canvas previews the draft in that language.
  const otherLocale: Locale = locale === "fr" ? "en" : "fr";
  const query = useStudioQuery();
  return (
    <header className="studio-toolbar">
      <div className="studio-nav-row">
        <nav aria-label={t("studio.title")} className="studio-modes">
          {SCREENS.map((screen) => (
            <a key={screen} href={studioPath(locale, screen)} aria-current={mode === screen ? "page" : undefined}>
              {t(`studio.screens.${screen}`)}
            </a>
          ))}
          <a href={locale === "fr" ? "/fr/qa/demandes" : "/en/qa/leads"}>{t("studio.toolbar.leads")}</a>
          <a href={locale === "fr" ? "/fr/qa/flux" : "/en/qa/feed"}>{t("studio.toolbar.feeds")}</a>
        </nav>
        <div className="studio-toolbar-spacer" />
        <a
          className="studio-toolbar-link"
          href={`${studioPath(otherLocale, mode)}${mode === "sections" ? query : ""}`}
          hrefLang={otherLocale}
          lang={otherLocale}
        >
          {t("studio.toolbar.other-locale")}
        </a>
        <StudioSession locale={locale} />
      </div>
      {mode === "sections" ? (
        <AriaToolbar aria-label={t("studio.toolbar.label")} className="studio-toolbar-row">
          <OpenMenu api={props.api} site={props.site} locale={locale} />
          <PageSettingsButton api={props.api} locale={locale} />
          <Separator orientation="vertical" className="studio-toolbar-separator" />
          <UndoRedo />
          <Separator orientation="vertical" className="studio-toolbar-separator" />
          <DeviceSwitch />
          <ZoomMenu locale={locale} />
          <div className="studio-toolbar-spacer" />
          {/* The document's state: the save status and the page's versions. */}
          <SaveStatus locale={locale} />
          <VersionsButton api={props.api} locale={locale} />
          <ShareButton api={props.api} locale={locale} />
          <PublishDialog api={props.api} locale={locale} />
        </AriaToolbar>
      ) : null}
      <PageLock siteId={props.site.site_id} />
    </header>
  );
}

function OpenMenu({
  api,
  site,
  locale,
}: {
  api: ReturnType<typeof createStudioApi>;
  site: StudioSiteRef;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const title = useStudioStore((s) => (s.doc ? s.doc.title[locale] : null));
  // In a variant, the site's pages open in that variant too; "leave" opens the page itself.
  const variant = useStudioStore((s) => s.doc?.variant);
  const pageId = useStudioStore((s) => s.doc?.page_id);
  const hasDoc = title !== null;
  const canReset = useStudioStore((s) => s.cursor > 0 || s.steps.length > 0);
  const steps = useStudioStore((s) => s.steps.length);
  const canDiscard = useDraftSync((s) => hasDraft(s, steps));
  const orphan = useDraftSync((s) => s.orphan);
  const readOnly = useStudioStore((s) => s.readOnly);
  const timeZone = useDraftSync((s) => s.timeZone);
  const [discarding, setDiscarding] = useState(false);
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const loadPages = () => {
    api
      .listPages()
      .then(setPages)
      .catch(() => {
        setPages([]);
        showToast({ text: t("studio.toolbar.pages-error"), tone: "error" });
      });
  };

  const onFile = async (file: File) => {
    let raw: unknown;
    try {
      raw = JSON.parse(await file.text());
    } catch (error) {
      showToast({ text: t("studio.toolbar.import-error", { message: (error as Error).message }), tone: "error" });
      return;
    }
    const parsed = importFileSchema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      showToast({
        text: t("studio.toolbar.import-error", { message: `${first?.path.join(".") || "—"}: ${first?.message ?? ""}` }),
        tone: "error",
      });
      return;
    }
    const page = "page" in parsed.data ? parsed.data.page : parsed.data;
    void openDoc(async () => docOfPage(page, site, "file"), t);
  };

  return (
    <div className="studio-open">
      {/* The list is read at each opening: drafts and schedules change under other editors. */}
      <MenuTrigger onOpenChange={(open) => open && loadPages()}>
        <Button className="studio-button studio-open-button">
          <Icon name="folder" size={18} />
          {t("studio.toolbar.open")}
          <Icon name="chevron-down" size={16} />
        </Button>
        <Popover className="studio-popover" placement="bottom start">
          <Menu
            className="studio-menu"
            onAction={(key) => {
              if (key === "demo") void openDoc(() => api.demoPage(), t);
              else if (key === "import") fileRef.current?.click();
              else if (key === "export") {
                const doc = useStudioStore.getState().doc;
                if (doc) download(`${doc.page_id}.json`, JSON.stringify({ page: pageOfDoc(doc) }, null, 2));
              } else if (key === "reset") useStudioStore.getState().resetDoc();
              else if (key === "discard") setDiscarding(true);
              else if (key === "orphan") {
                if (restoreOrphan()) showToast({ text: t("studio.drafts.orphan-restored") });
              }
            }}
          >
            <MenuItem id="demo" className="studio-menu-item">
              {t("studio.toolbar.open-demo")}
            </MenuItem>
            <SubmenuTrigger>
              <MenuItem id="pages" className="studio-menu-item">
                {t("studio.toolbar.open-page")}
                <Icon name="chevron-right" size={16} />
              </MenuItem>
              <Popover className="studio-popover studio-pages-popover">
                <Menu
                  className="studio-menu"
                  aria-label={t("studio.toolbar.open-page")}
                  items={pages ?? []}
                  renderEmptyState={() => (
                    <p className="studio-menu-empty">
                      {pages === null ? t("studio.toolbar.pages-loading") : t("studio.toolbar.no-pages")}
                    </p>
                  )}
                  onAction={(key) => void openServerPage(String(key), t, false, variant?.id)}
                >
                  {(page) => (
                    <MenuItem id={page.page_id} className="studio-menu-item" textValue={page.title[locale]}>
                      <span className="studio-option-label">{page.title[locale]}</span>
                      <span className="studio-option-description">
                        {page.paths[locale]}
                        {page.draft ? (
                          <span className="studio-page-draft">
                            {" · "}
                            {t("studio.drafts.list-draft", {
                              name: page.draft.editor.name,
                              ago: relativeTime(page.draft.updated_at, Date.now(), locale),
                            })}
                          </span>
                        ) : null}
                        {page.scheduled ? (
                          <span className="studio-page-scheduled">
                            {" · "}
                            {t("studio.schedule.list", {
                              when: scheduleText(page.scheduled.run_at, timeZone, locale),
                              zone: zoneName(page.scheduled.run_at, timeZone, locale),
                            })}
                          </span>
                        ) : null}
                      </span>
                    </MenuItem>
                  )}
                </Menu>
              </Popover>
            </SubmenuTrigger>
            <MenuItem id="import" className="studio-menu-item">
              {t("studio.toolbar.import")}
            </MenuItem>
            <MenuSection>
              <MenuItem id="export" className="studio-menu-item" isDisabled={!hasDoc}>
                {t("studio.toolbar.export")}
              </MenuItem>
              <MenuItem id="reset" className="studio-menu-item" isDisabled={!canReset || readOnly}>
                {t("studio.toolbar.reset")}
              </MenuItem>
              {orphan ? (
                <MenuItem id="orphan" className="studio-menu-item" isDisabled={readOnly}>
                  {t("studio.drafts.orphan-restore-menu")}
                </MenuItem>
              ) : null}
              <MenuItem id="discard" className="studio-menu-item" isDisabled={!canDiscard || readOnly}>
                {t("studio.drafts.discard")}
              </MenuItem>
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
      <input
        ref={fileRef}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label={t("studio.toolbar.import")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void onFile(file);
        }}
      />
      <span className="studio-doc-title" title={title ?? undefined}>
        {title ?? t("studio.toolbar.no-doc")}
      </span>
      {variant && pageId ? (
        <span className={`studio-variant-chip variant-${variant.color}`}>
          {t("studio.variants.editing", { name: variant.name })}
          <Button
            className="studio-button studio-small-button"
            onPress={() => void openServerPage(pageId, t)}
            aria-label={t("studio.variants.leave", { name: variant.name })}
          >
            <Icon name="close" size={14} />
          </Button>
        </span>
      ) : null}
      <DiscardDraftDialog isOpen={discarding} onClose={() => setDiscarding(false)} />
    </div>
  );
}

function IconButton(props: {
  label: string;
  icon: IconName;
  onPress: () => void;
  isDisabled?: boolean;
  shortcut?: string;
}) {
  return (
    <Button
      className="studio-button studio-icon-button"
      aria-label={props.label}
      aria-keyshortcuts={props.shortcut}
      isDisabled={props.isDisabled}
      onPress={props.onPress}
    >
      <Icon name={props.icon} />
    </Button>
  );
}

function UndoRedo() {
  const { t } = useTranslation();
  const canUndo = useStudioStore((s) => s.cursor > 0);
  const canRedo = useStudioStore((s) => s.cursor < s.steps.length);
  return (
    <div className="studio-toolbar-group">
      <IconButton
        label={t("studio.toolbar.undo")}
        icon="undo"
        isDisabled={!canUndo}
        onPress={() => useStudioStore.getState().undo()}
        shortcut="Control+Z Meta+Z"
      />
      <IconButton
        label={t("studio.toolbar.redo")}
        icon="redo"
        isDisabled={!canRedo}
        onPress={() => useStudioStore.getState().redo()}
        shortcut="Control+Shift+Z Meta+Shift+Z Control+Y"
      />
    </div>
  );
}

function DeviceSwitch() {
  const { t } = useTranslation();
  const device = useViewStore((s) => s.device);
  return (
    <ToggleButtonGroup
      aria-label={t("studio.toolbar.width")}
      className="studio-segmented"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[device]}
      onSelectionChange={(keys) => {
        const next = [...keys][0];
        if (typeof next === "string" && next in DEVICES) useViewStore.getState().setDevice(next as Device);
      }}
    >
      {DEVICE_NAMES.map((name) => {
        const label = t("studio.toolbar.device", { name: t(`studio.toolbar.${name}`), width: DEVICES[name] });
        return (
          <ToggleButton key={name} id={name} className="studio-segment" aria-label={label}>
            <Icon name={DEVICE_ICONS[name]} />
            <span className="studio-tooltip" aria-hidden="true">
              {label}
            </span>
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}

/** The view menu: the preview's zoom, and whether block actions show on the canvas (edit mode). */
function ZoomMenu({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const choice = useViewStore((s) => s.zoomChoice);
  const fit = useViewStore((s) => s.fit);
  const editMode = useViewStore((s) => s.editMode);
  const zoom = zoomPercent(effectiveZoom(choice, fit), locale);
  const label = (c: ZoomChoice) =>
    c === "fit" ? t("studio.toolbar.zoom-fit", { zoom: zoomPercent(fit, locale) }) : zoomPercent(c, locale);
  return (
    <MenuTrigger>
      <Button className="studio-button studio-zoom-button" aria-label={t("studio.toolbar.zoom", { zoom })}>
        {zoom}
        <Icon name="chevron-down" size={16} />
      </Button>
      <Popover className="studio-popover" placement="bottom">
        <Menu className="studio-menu" aria-label={t("studio.toolbar.zoom-menu")}>
          <MenuSection
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[String(choice)]}
            onSelectionChange={(keys) => {
              const key = [...(keys as Set<string>)][0];
              const next = ZOOM_CHOICES.find((c) => String(c) === key);
              if (next !== undefined) useViewStore.getState().setZoomChoice(next);
            }}
          >
            <Header className="studio-menu-header">{t("studio.toolbar.zoom-menu")}</Header>
            {ZOOM_CHOICES.map((c) => (
              <MenuItem key={String(c)} id={String(c)} className="studio-menu-item">
                {label(c)}
              </MenuItem>
            ))}
          </MenuSection>
          <Separator className="studio-menu-separator" />
          <MenuSection
            selectionMode="multiple"
            selectedKeys={editMode ? ["edit-mode"] : []}
            onSelectionChange={(keys) => useViewStore.getState().setEditMode((keys as Set<string>).has("edit-mode"))}
          >
            <MenuItem id="edit-mode" className="studio-menu-item">
              {t("studio.toolbar.edit-mode")}
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Seconds (under a minute) or minutes since `at`, in the studio's language: "il y a 2 s". */
export function ago(at: number, now: number, locale: Locale): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  const format = new Intl.RelativeTimeFormat(locale === "fr" ? "fr-CA" : "en-CA", {
    style: "short",
    numeric: "always",
  });
  if (seconds < 60) return format.format(-seconds, "second");
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return format.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return format.format(-hours, "hour");
  return format.format(-Math.round(hours / 24), "day");
}

function useNow(active: boolean, at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active || at === undefined) return;
    setNow(Date.now());
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const next = Date.now();
      setNow(next);
      // Every second for the first minute, then every 30 s.
      timer = setTimeout(tick, next - at < 60_000 ? 1000 : 30_000);
    };
    timer = setTimeout(tick, 1000);
    return () => clearTimeout(timer);
  }, [active, at]);
  return now;
}

export function draftStatusText(
  t: (key: string, options?: Record<string, unknown>) => string,
  status: DraftStatus,
  now: number,
  locale: Locale,
): string {
  switch (status.kind) {
    case "clean":
      return t("studio.status.clean");
    case "pending":
      return t("studio.status.saving");
    case "saved":
      return status.by
        ? t("studio.status.saved-by", { name: status.by, ago: ago(status.at, now, locale) })
        : t("studio.status.saved", { ago: ago(status.at, now, locale) });
    case "local":
      return t(`studio.status.local-${status.reason}`);
    case "readonly":
      return status.at !== undefined
        ? t("studio.status.readonly-since", { name: status.by, ago: ago(status.at, now, locale) })
        : t("studio.status.readonly", { name: status.by });
    case "failed":
      return t("studio.status.failed");
    case "published":
      return t("studio.status.published", { version: status.version, ago: ago(status.at, now, locale) });
  }
}

function SaveStatus({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const hasDoc = useStudioStore((s) => s.doc !== null);
  const status = useStudioStore((s) => s.draft);
  const at =
    status.kind === "saved" || status.kind === "published" || status.kind === "readonly" ? status.at : undefined;
  const now = useNow(hasDoc, at);
  if (!hasDoc) return null;
  const text = draftStatusText(t as never, status, now, locale);
  return (
    <span className="studio-status" data-status={status.kind} title={text}>
      {status.kind === "failed" || status.kind === "local" ? (
        <Icon name="warning" size={16} />
      ) : (
        <StatusDot kind={status.kind} />
      )}
      <span className="studio-status-text">{text}</span>
    </span>
  );
}

function StatusDot({ kind }: { kind: DraftStatus["kind"] }): ReactNode {
  return <span className="studio-status-dot" data-kind={kind} aria-hidden="true" />;
}
