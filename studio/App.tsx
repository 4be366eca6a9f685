/**
 * The studio shell (client only, loaded by renderer/routes/studio.tsx): the toolbar, then the
 * palette, the canvas and the edit panel, or the general settings. One DndContext spans the
 * palette and the canvas. At start it opens the last draft, else the last page, else the demo
 * page; an edit-mode link of the public site opens its page with its block and action.
 */
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay, Switch } from "react-aria-components";
import { useTranslation } from "react-i18next";
import "./i18n";
import { preloadAllBlocks } from "../renderer/blocks/registry";
import type { Locale, SiteType } from "../schema/common";
import { accountSchema, call } from "./auth/client";
import { ReauthDialog } from "./auth/Reauth";
import { DocumentCanvas } from "./canvas/Canvas";
import { focusBlock, neighbourAfterRemoval } from "./canvas/focus";
import { blockKeyboardCoordinates } from "./canvas/keyboard-move";
import { blockLabel } from "./labels";
import { usePageSettingsDialog } from "./pages/PageSettings";
import { PagesScreen } from "./pages/PagesScreen";
import { Palette } from "./palette/Palette";
import { RedirectsScreen } from "./redirects/RedirectsScreen";
import { Settings } from "./settings/Settings";
import { AnnounceProvider, useAnnounce } from "./shell/announce";
import { createStudioApi, type StudioSiteRef } from "./shell/api";
import { openServerPage, startServerDrafts, useDraftSync } from "./shell/drafts";
import { FrameHostsContext } from "./shell/frame-hosts";
import { Icon } from "./shell/icons";
import {
  type OpenAction,
  openAtStart,
  openDoc,
  openFromRequest,
  parseOpenRequest,
  parseOtherRequest,
} from "./shell/open";
import { useRegionKeys } from "./shell/regions";
import { type StudioRole, StudioRoleContext } from "./shell/role";
import { PANEL_ID, PanelHeadButtons, StudioColumns } from "./shell/StudioColumns";
import { type StudioMode, Toolbar } from "./shell/Toolbar";
import { lastStep, StudioToasts, showToast } from "./shell/toasts";
import { studioQueryOf, writeStudioQuery } from "./shell/url";
import { useViewStore } from "./shell/view";
import { findBlock, flushDraft, locateBlock, setValidationLanguage, useStudioStore } from "./store";
import { VariantsScreen } from "./variants/VariantsScreen";
import "./studio.css";

export interface StudioAppProps {
  locale: Locale;
  mode: StudioMode;
  /** The signed-in editor's role: what the interface offers (the server decides). */
  role: StudioRole;
  /** The signed-in editor (a server draft written by someone else names them). */
  editor: { id: string; name: string };
  site: StudioSiteRef & { microsite_id: string; site_type: string };
  /** Frame hosts embeds may show besides the known players (EMBED_FRAME_HOSTS). */
  frameHosts?: readonly string[];
}

/**
 * dnd-kit options are one object each for the life of the page: dnd-kit rebuilds its contexts
 * when they change, and every block on the canvas (a dnd-kit consumer) re-renders with them,
 * which on a 300-block page cost hundreds of milliseconds per keystroke.
 */
/**
 * Droppables (600 on a 300-block page: blocks and gaps) are measured once a drag starts and while
 * it lasts (GapMeasurer asks again as the gaps open), not at every change of the page: measuring
 * them "always" forced a layout of the whole canvas each time blocks were inserted, deleted or
 * loaded (a third of the time to open a long page).
 */
const MEASURING = { droppable: { strategy: MeasuringStrategy.WhileDragging } };
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS = {
  coordinateGetter: blockKeyboardCoordinates(() => useStudioStore.getState().doc?.blocks.map((b) => b.id) ?? []),
};

// The edit panel (studio/fields) loads with the first selection.
const EditPanel = lazy(() => import("./fields").then((m) => ({ default: m.EditPanel })));

/** Undo/redo at the window level, in capture phase, so they win over TipTap's and Monaco's own. */
function useUndoShortcuts(onDone: (kind: "undo" | "redo") => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const redo = (key === "z" && event.shiftKey) || (key === "y" && !event.shiftKey);
      const undo = key === "z" && !event.shiftKey;
      if (!undo && !redo) return;
      event.preventDefault();
      event.stopPropagation();
      const store = useStudioStore.getState();
      if (redo) store.redo();
      else store.undo();
      onDone(redo ? "redo" : "undo");
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, [onDone]);
}

/** Where the selected block lives when it is not the page's content: the site's header or footer, or the page's own footer. */
function useSelectedPlace(): "site" | "variant" | "page-footer" | null {
  return useStudioStore((s) => {
    const at = s.selectedId ? locateBlock(s.doc, s.selectedId) : undefined;
    if (!at || at.list === "blocks") return null;
    if (at.list === "page_footer") return "page-footer";
    return s.doc?.variant ? "variant" : "site";
  });
}

function SidePanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const selectedId = useStudioStore((s) => s.selectedId);
  const selectedType = useStudioStore((s) => (s.selectedId ? findBlock(s.doc, s.selectedId)?.block_type : undefined));
  const place = useSelectedPlace();
  // Another editor holds the page: its fields are shown, not editable, until it is taken over.
  const readOnly = useStudioStore((s) => s.readOnly);
  return (
    <aside id={PANEL_ID} className="studio-panel" aria-label={t("studio.panel.label")}>
      {/* The panel's scroller, a relayout boundary like the canvas's (studio.css). */}
      <div className="studio-panel-scroll">
        <div className="studio-panel-head">
          <h2>{selectedType ? blockLabel(selectedType, locale) : t("studio.panel.label")}</h2>
          <PanelHeadButtons />
        </div>
        {!selectedId || !selectedType ? (
          <p className="studio-panel-none">{t("studio.panel.none")}</p>
        ) : (
          <>
            {place ? <ChromeNote place={place} /> : null}
            <Suspense fallback={<p role="status">{t("studio.panel.loading")}</p>}>
              {readOnly ? <p className="studio-panel-note">{t("studio.panel.read-only")}</p> : null}
              <div inert={readOnly} className="studio-panel-fields">
                <EditPanel blockId={selectedId} locale={locale} />
              </div>
            </Suspense>
          </>
        )}
      </div>
    </aside>
  );
}

/**
 * Above the edit panel of a header or footer block: its change is the whole site's (or the
 * variant's), or the page's own footer; with the switch that gives the page its own footer or
 * gives it back the site's.
 */
function ChromeNote({ place }: { place: "site" | "variant" | "page-footer" }) {
  const { t } = useTranslation();
  const isFooter = useStudioStore((s) => {
    const at = s.selectedId ? locateBlock(s.doc, s.selectedId) : undefined;
    return at?.list === "footer" || at?.list === "page_footer";
  });
  const own = place === "page-footer";
  const isVariant = useStudioStore((s) => s.doc?.variant !== undefined);
  return (
    <div className="studio-chrome-note" role="note">
      <p>
        <Icon name="lock" size={16} /> {t(`studio.chrome.note-${place}`)}
      </p>
      {isFooter && !isVariant ? (
        <Switch
          className="studio-switch"
          isSelected={own}
          onChange={(next) => {
            useStudioStore.getState().setPageFooter(next);
            // The selected block was the other footer's: select the one now shown.
            const doc = useStudioStore.getState().doc;
            const first = (next ? doc?.page_footer : doc?.chrome?.footer)?.[0];
            if (first) useStudioStore.getState().select(first.id);
          }}
        >
          <span className="studio-switch-track" aria-hidden="true" />
          {t("studio.chrome.own-footer")}
        </Switch>
      ) : null}
    </div>
  );
}

function Sections(props: { locale: Locale; siteType: SiteType }) {
  const { t } = useTranslation();
  const { locale } = props;
  const announce = useAnnounce();
  // Whether a page is open, not its blocks: DocumentCanvas follows them below the DndContext.
  const hasDoc = useStudioStore((s) => s.doc !== null);
  const [paletteType, setPaletteType] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));

  const collision: CollisionDetection = (args) => {
    const isGap = (id: unknown) => String(id).startsWith("gap:");
    if (args.active.data.current?.kind === "palette") {
      const gaps = args.droppableContainers.filter((c) => isGap(c.id));
      const hits = pointerWithin({ ...args, droppableContainers: gaps });
      return hits.length > 0 ? hits : closestCenter({ ...args, droppableContainers: gaps });
    }
    return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => !isGap(c.id)) });
  };

  const describeItem = (id: unknown) => {
    const doc = useStudioStore.getState().doc;
    const key = String(id);
    const total = doc?.blocks.length ?? 0;
    if (key.startsWith("palette:")) return { type: blockLabel(key.slice(8), locale), position: 0, total };
    const index = doc?.blocks.findIndex((b) => b.id === key) ?? -1;
    const type = doc?.blocks[index]?.block_type;
    return { type: type ? blockLabel(type, locale) : key, position: index + 1, total };
  };
  const positionOf = (id: unknown) => {
    const key = String(id);
    if (key.startsWith("gap:")) return Number(key.slice(4)) + 1;
    return describeItem(key).position;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("studio.announce.pick", describeItem(active.id)),
    onDragOver: ({ active, over }) =>
      over ? t("studio.announce.over", { ...describeItem(active.id), position: positionOf(over.id) }) : undefined,
    // Announced after onDragEnd below has moved the block: where it is now, not the slot it was over.
    onDragEnd: ({ active, over }) =>
      over
        ? t("studio.announce.drop", {
            ...describeItem(active.id),
            ...(String(active.id).startsWith("palette:") ? { position: positionOf(over.id) } : {}),
          })
        : t("studio.announce.cancel"),
    onDragCancel: () => t("studio.announce.cancel"),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setPaletteType(null);
    if (!over) return;
    const store = useStudioStore.getState();
    const blocksNow = store.doc?.blocks ?? [];
    const overKey = String(over.id);
    const overIndex = overKey.startsWith("gap:")
      ? Number(overKey.slice(4))
      : blocksNow.findIndex((b) => b.id === overKey);
    if (overIndex < 0) return;
    if (active.data.current?.kind === "palette") {
      const type = String(active.data.current.type);
      const id = store.addBlock(type, overIndex);
      if (id) {
        store.select(id);
        announce(t("studio.announce.inserted", { type: blockLabel(type, locale), position: overIndex + 1 }));
        focusBlock(id);
      }
      return;
    }
    const from = blocksNow.findIndex((b) => b.id === active.id);
    if (from < 0) return;
    // A gap index counts the dragged block itself when it lies below it.
    const to = overKey.startsWith("gap:") && overIndex > from ? overIndex - 1 : overIndex;
    if (to !== from) store.moveBlock(String(active.id), to);
  };

  return (
    <DndContext
      sensors={sensors}
      measuring={MEASURING}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("studio.announce.instructions") } }}
      onDragStart={({ active }) =>
        setPaletteType(active.data.current?.kind === "palette" ? String(active.data.current.type) : null)
      }
      onDragCancel={() => setPaletteType(null)}
      onDragEnd={onDragEnd}
    >
      <StudioColumns palette={<Palette locale={locale} />} panel={<SidePanel locale={locale} />}>
        <main id="main-content" tabIndex={-1} className="studio-main">
          <h1 className="studio-sr-only">{t("studio.canvas.label")}</h1>
          {hasDoc ? (
            <DocumentCanvas locale={locale} siteType={props.siteType} dropActive={paletteType !== null} />
          ) : (
            <p className="studio-empty" role="status">
              {t("studio.opening")}
            </p>
          )}
        </main>
      </StudioColumns>
      <DragOverlay>
        {paletteType ? <div className="studio-drag-ghost">{blockLabel(paletteType, locale)}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}

/** The block an edit-mode link asked to delete, waiting for the editor to confirm. */
function ConfirmDelete(props: { locale: Locale; blockId: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const type = useStudioStore((s) =>
    props.blockId ? s.doc?.blocks.find((b) => b.id === props.blockId)?.block_type : undefined,
  );
  const open = props.blockId !== null && type !== undefined;
  const name = type ? blockLabel(type, props.locale) : "";
  const remove = () => {
    const id = props.blockId;
    if (!id) return;
    const ids = useStudioStore.getState().doc?.blocks.map((b) => b.id) ?? [];
    const index = ids.indexOf(id);
    useStudioStore.getState().removeBlock(id);
    showToast({ text: t("studio.toast.removed", { name }), step: lastStep(), focusId: id });
    const next = neighbourAfterRemoval(ids, index);
    if (next) focusBlock(next);
  };
  return (
    <ModalOverlay className="studio-modal" isOpen={open} onOpenChange={(o) => !o && props.onDone()} isDismissable>
      <Modal className="studio-modal-box">
        <Dialog className="studio-dialog" role="alertdialog">
          {({ close }) => (
            <>
              <Heading slot="title">{t("studio.confirm-delete.title", { name })}</Heading>
              <p>{t("studio.confirm-delete.text")}</p>
              <div className="studio-dialog-actions">
                <Button className="studio-button" onPress={close} autoFocus>
                  {t("studio.confirm-delete.cancel")}
                </Button>
                <Button
                  className="studio-button studio-button-danger"
                  onPress={() => {
                    remove();
                    close();
                  }}
                >
                  {t("studio.confirm-delete.confirm")}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Starts what an edit-mode link asked for on its block. */
function startAction(
  blockId: string,
  action: OpenAction,
  locale: Locale,
  askDelete: (id: string) => void,
  t: (k: string, o?: Record<string, unknown>) => string,
) {
  const store = useStudioStore.getState();
  store.select(blockId);
  focusBlock(blockId);
  if (action === "edit") useViewStore.getState().requestPanel();
  else if (action === "delete") askDelete(blockId);
  else {
    store.cycleColorScheme(blockId);
    const block = useStudioStore.getState().doc?.blocks.find((b) => b.id === blockId);
    const type = block?.block_type ?? "";
    showToast({
      text: t("studio.toast.scheme-changed", { name: blockLabel(type, locale) }),
      step: lastStep(),
      focusId: blockId,
    });
  }
}

/** Keeps the address naming the open page (url.ts) on the sections screen. */
function useStudioUrl(active: boolean, locale: Locale) {
  useEffect(() => {
    if (!active) return;
    const write = () => {
      const { doc, base } = useStudioStore.getState();
      // Nothing open yet: the address still names what the studio is about to open.
      if (doc) writeStudioQuery(studioQueryOf(doc, base, locale));
    };
    write();
    return useStudioStore.subscribe((state, previous) => {
      if (state.doc?.page_id !== previous.doc?.page_id || state.base !== previous.base) write();
    });
  }, [active, locale]);
}

/** Sudo mode's dialog for the studio's sensitive writes (site information, theme, deleting a page). */
function StudioReauth() {
  const [account, setAccount] = useState<{ password: boolean; passkeys: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void call("GET", "account", accountSchema)
      .then((a) => live && setAccount({ password: a.has_password, passkeys: a.passkeys.length > 0 }))
      .catch(() => live && setAccount({ password: true, passkeys: false }));
    return () => {
      live = false;
    };
  }, []);
  return account ? <ReauthDialog hasPassword={account.password} hasPasskeys={account.passkeys} /> : null;
}

function StudioInner({ locale, mode, site, editor }: StudioAppProps) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const api = useMemo(() => createStudioApi(site, (timeZone) => useDraftSync.setState({ timeZone })), [site]);
  const [confirming, setConfirming] = useState<string | null>(null);
  setValidationLanguage(locale, t);
  const onUndo = useMemo(
    () => (kind: "undo" | "redo") => announce(t(`studio.announce.${kind === "undo" ? "undone" : "redone"}`)),
    [announce, t],
  );
  useUndoShortcuts(onUndo);
  useRegionKeys();
  useStudioUrl(mode === "sections", locale);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per site; the api follows the site.
  useEffect(() => {
    useStudioStore.setState({ persist: true });
    const stopDrafts = startServerDrafts({ api, editor: { id: editor.id, name: editor.name }, t });
    // The site's settings (information, header and footer, theme) for every screen.
    void api.settings().catch(() => undefined);
    if (mode !== "sections") return stopDrafts;
    void preloadAllBlocks();
    let live = true;
    const request = parseOpenRequest(window.location.search);
    const other = request ? null : parseOtherRequest(window.location.search);
    if (request) {
      // An edit-mode link's block and action are done with once read: a reload must not delete the
      // block again (url.ts writes the page and variant back once it is open).
      if (request.block || request.action) {
        const url = new URL(window.location.href);
        url.searchParams.delete("block");
        url.searchParams.delete("action");
        window.history.replaceState(window.history.state, "", url);
      }
      // The Pages screen's "Paramètres" link: the page's settings open once it is.
      const wantsSettings = new URLSearchParams(window.location.search).has("settings");
      void openFromRequest(api, request, t).then(async (target) => {
        if (!live) return;
        if (!useStudioStore.getState().doc) await openAtStart(api, site.site_id, t, locale);
        if (target) startAction(target.blockId, target.action, locale, setConfirming, t as never);
        else if (wantsSettings && useStudioStore.getState().doc?.origin === "server")
          usePageSettingsDialog.getState().show();
      });
    } else if (other && "demo" in other) void openDoc(() => api.demoPage(), t, true);
    else if (other)
      // A new page's server draft, by its id; the home page when it is gone (published or discarded).
      void openServerPage(other.draft, t, true).then((opened) => {
        if (live && !opened) void openAtStart(api, site.site_id, t, locale);
      });
    else void openAtStart(api, site.site_id, t, locale);
    const flush = () => flushDraft();
    window.addEventListener("pagehide", flush);
    return () => {
      live = false;
      window.removeEventListener("pagehide", flush);
      flushDraft();
      stopDrafts();
    };
  }, [site.site_id]);

  return (
    <div className="studio" data-studio-mode={mode}>
      <Toolbar api={api} site={site} locale={locale} mode={mode} />
      {mode === "sections" ? (
        <Sections locale={locale} siteType={site.site_type as SiteType} />
      ) : (
        <main id="main-content" tabIndex={-1} className="studio-main studio-screen">
          {mode === "pages" ? (
            <PagesScreen api={api} locale={locale} />
          ) : mode === "redirects" ? (
            <RedirectsScreen api={api} locale={locale} />
          ) : mode === "variants" ? (
            <VariantsScreen api={api} locale={locale} />
          ) : (
            <Settings api={api} locale={locale} siteType={site.site_type as SiteType} />
          )}
        </main>
      )}
      <ConfirmDelete locale={locale} blockId={confirming} onDone={() => setConfirming(null)} />
      <StudioReauth />
      <StudioToasts />
    </div>
  );
}

const NO_HOSTS: readonly string[] = [];

export default function StudioApp(props: StudioAppProps) {
  return (
    <StudioRoleContext.Provider value={props.role}>
      <FrameHostsContext.Provider value={props.frameHosts ?? NO_HOSTS}>
        <AnnounceProvider>
          <StudioInner {...props} />
        </AnnounceProvider>
      </FrameHostsContext.Provider>
    </StudioRoleContext.Provider>
  );
}
