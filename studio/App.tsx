/**
 * The studio shell (client only, loaded by renderer/routes/studio.tsx): toolbar (open, import,
 * export, reset, undo/redo, preview width, publish), palette, canvas and edit panel, or the
 * general settings. One DndContext spans the palette and the canvas.
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
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import "./i18n";
import { preloadAllBlocks } from "../renderer/blocks/registry";
import type { Locale, SiteType } from "../schema/common";
import { StudioSession } from "./auth/StudioSession";
import { DocumentCanvas, type PreviewWidth } from "./canvas/Canvas";
import { Palette } from "./palette/Palette";
import { Settings } from "./settings/Settings";
import { AnnounceProvider, useAnnounce } from "./shell/announce";
import {
  createStudioApi,
  docOfPage,
  importFileSchema,
  type PageSummary,
  pageOfDoc,
  type StudioSiteRef,
  siteTheme,
} from "./shell/api";
import { PageOptions } from "./shell/PageOptions";
import { PublishDialog } from "./shell/PublishDialog";
import { PANEL_ID, PanelWidthButtons, StudioColumns } from "./shell/StudioColumns";
import { docOfDraft, flushDraft, lastDocRef, loadDraft, rememberLastDoc, useStudioStore } from "./store";
import "./studio.css";

export interface StudioAppProps {
  locale: Locale;
  mode: "sections" | "settings";
  site: StudioSiteRef & { microsite_id: string; site_type: string };
}

/**
 * dnd-kit options are one object each for the life of the page: dnd-kit rebuilds its contexts
 * when they change, and every block on the canvas (a dnd-kit consumer) re-renders with them,
 * which on a 300-block page cost hundreds of milliseconds per keystroke.
 */
const MEASURING = { droppable: { strategy: MeasuringStrategy.Always } };
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

/** The studio's routes (site.md §2 QA routes). */
function studioPath(locale: Locale, mode: StudioAppProps["mode"]): string {
  if (mode === "sections") return `/${locale}/qa/sections`;
  return locale === "fr" ? "/fr/qa/parametres-generaux" : "/en/qa/general-settings";
}

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

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Toolbar(props: {
  api: ReturnType<typeof createStudioApi>;
  site: StudioAppProps["site"];
  locale: Locale;
  mode: StudioAppProps["mode"];
  width: PreviewWidth;
  setWidth: (w: PreviewWidth) => void;
  editMode: boolean;
  setEditMode: (v: boolean) => void;
  setMessage: (m: string) => void;
}) {
  const { t } = useTranslation();
  const { api, site, locale, setMessage } = props;
  const id = useId();
  // Not the whole document: the toolbar would re-render at every keystroke.
  const hasDoc = useStudioStore((s) => s.doc !== null);
  const docTitle = useStudioStore((s) => (s.doc ? `${s.doc.title[locale]} (${s.doc.page_id})` : null));
  const canUndo = useStudioStore((s) => s.cursor > 0);
  const canRedo = useStudioStore((s) => s.cursor < s.steps.length);
  const [pages, setPages] = useState<PageSummary[]>([]);
  const [pageId, setPageId] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    api
      .listPages()
      .then(setPages)
      .catch(() => setMessage(t("studio.toolbar.pages-error")));
  }, [api, setMessage, t]);

  const open = async (load: () => Promise<Parameters<ReturnType<typeof useStudioStore.getState>["load"]>[0]>) => {
    try {
      flushDraft();
      const next = await load();
      const { restored } = useStudioStore.getState().load(next);
      rememberLastDoc(next.site_id, next.page_id);
      setMessage(restored ? t("studio.toolbar.draft-restored") : t("studio.toolbar.loaded"));
    } catch (error) {
      setMessage(t("studio.toolbar.load-error", { message: (error as Error).message }));
    }
  };

  const sectionsHref = studioPath(locale, "sections");
  const settingsHref = studioPath(locale, "settings");
  // The same studio screen in the other language: the canvas previews the draft in that language.
  const otherLocale: Locale = locale === "fr" ? "en" : "fr";
  const otherHref = studioPath(otherLocale, props.mode);

  return (
    <header className="studio-toolbar">
      <div role="toolbar" aria-label={t("studio.toolbar.label")} className="studio-toolbar-row">
        <nav aria-label={t("studio.title")} className="studio-modes">
          <a href={sectionsHref} aria-current={props.mode === "sections" ? "page" : undefined}>
            {t("studio.toolbar.sections")}
          </a>
          <a href={settingsHref} aria-current={props.mode === "settings" ? "page" : undefined}>
            {t("studio.toolbar.settings")}
          </a>
          <a href={otherHref} hrefLang={otherLocale} lang={otherLocale}>
            {t("studio.toolbar.other-locale")}
          </a>
        </nav>
        <button type="button" className="studio-button" onClick={() => void open(() => api.demoPage())}>
          {t("studio.toolbar.open-demo")}
        </button>
        <label htmlFor={`${id}-page`} className="studio-sr-only">
          {t("studio.toolbar.choose-page")}
        </label>
        <select id={`${id}-page`} value={pageId} onChange={(e) => setPageId(e.target.value)}>
          <PageOptions pages={pages} locale={locale} />
        </select>
        <button
          type="button"
          className="studio-button"
          disabled={!pageId}
          onClick={() => void open(() => api.page(pageId))}
        >
          {t("studio.toolbar.open-selected")}
        </button>
        <button type="button" className="studio-button" onClick={() => fileRef.current?.click()}>
          {t("studio.toolbar.import")}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t("studio.toolbar.import")}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            let raw: unknown;
            try {
              raw = JSON.parse(await file.text());
            } catch (error) {
              setMessage(t("studio.toolbar.import-error", { message: (error as Error).message }));
              return;
            }
            const parsed = importFileSchema.safeParse(raw);
            if (!parsed.success) {
              const first = parsed.error.issues[0];
              setMessage(
                t("studio.toolbar.import-error", {
                  message: `${first?.path.join(".") || "—"}: ${first?.message ?? ""}`,
                }),
              );
              return;
            }
            const page = "page" in parsed.data ? parsed.data.page : parsed.data;
            void open(async () => docOfPage(page, site, "file"));
          }}
        />
        <button
          type="button"
          className="studio-button"
          disabled={!hasDoc}
          onClick={() => {
            const doc = useStudioStore.getState().doc;
            if (doc) download(`${doc.page_id}.json`, JSON.stringify({ page: pageOfDoc(doc) }, null, 2));
          }}
        >
          {t("studio.toolbar.export")}
        </button>
        <button
          type="button"
          className="studio-button"
          disabled={!hasDoc}
          onClick={() => useStudioStore.getState().resetDoc()}
        >
          {t("studio.toolbar.reset")}
        </button>
        <button
          type="button"
          className="studio-button"
          disabled={!canUndo}
          onClick={() => useStudioStore.getState().undo()}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          {t("studio.toolbar.undo")}
        </button>
        <button
          type="button"
          className="studio-button"
          disabled={!canRedo}
          onClick={() => useStudioStore.getState().redo()}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        >
          {t("studio.toolbar.redo")}
        </button>
        {props.mode === "sections" ? (
          <>
            <fieldset className="studio-widths">
              <legend className="studio-sr-only">{t("studio.toolbar.width")}</legend>
              {(["phone", "tablet", "desktop"] as const).map((w) => (
                <label key={w}>
                  <input
                    type="radio"
                    name={`${id}-width`}
                    value={w}
                    checked={props.width === w}
                    onChange={() => props.setWidth(w)}
                  />
                  {t(`studio.toolbar.${w}`)}
                </label>
              ))}
            </fieldset>
            <label className="studio-check">
              <input type="checkbox" checked={props.editMode} onChange={(e) => props.setEditMode(e.target.checked)} />
              {t("studio.toolbar.edit-mode")}
            </label>
          </>
        ) : null}
        <PublishDialog api={api} locale={locale} />
      </div>
      <p className="studio-doc-title">
        {docTitle ? t("studio.toolbar.doc", { title: docTitle }) : t("studio.toolbar.no-doc")}
      </p>
      <StudioSession locale={locale} siteId={site.site_id} />
    </header>
  );
}

function SidePanel() {
  const { t } = useTranslation();
  const selectedId = useStudioStore((s) => s.selectedId);
  const exists = useStudioStore((s) => (s.selectedId ? s.doc?.blocks.some((b) => b.id === s.selectedId) : false));
  return (
    <aside id={PANEL_ID} className="studio-panel" aria-label={t("studio.panel.label")}>
      {/* The panel's scroller, a relayout boundary like the canvas's (studio.css). */}
      <div className="studio-panel-scroll">
        <div className="studio-panel-head">
          <h2>{t("studio.panel.label")}</h2>
          <PanelWidthButtons />
        </div>
        {!selectedId || !exists ? (
          <p>{t("studio.panel.none")}</p>
        ) : (
          <Suspense fallback={<p role="status">{t("studio.panel.loading")}</p>}>
            <EditPanel blockId={selectedId} />
          </Suspense>
        )}
      </div>
    </aside>
  );
}

function Sections(props: { locale: Locale; siteType: SiteType; width: PreviewWidth; editMode: boolean }) {
  const { t } = useTranslation();
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
    if (key.startsWith("palette:")) return { type: key.slice(8), position: 0, total: doc?.blocks.length ?? 0 };
    const index = doc?.blocks.findIndex((b) => b.id === key) ?? -1;
    return { type: doc?.blocks[index]?.block_type ?? key, position: index + 1, total: doc?.blocks.length ?? 0 };
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
    onDragEnd: ({ active, over }) =>
      over
        ? t("studio.announce.drop", { ...describeItem(active.id), position: positionOf(over.id) })
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
        announce(t("studio.announce.inserted", { type, position: overIndex + 1 }));
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
      <StudioColumns palette={<Palette locale={props.locale} />} panel={<SidePanel />}>
        <main id="main-content" tabIndex={-1} className="studio-main">
          <h1 className="studio-sr-only">{t("studio.canvas.label")}</h1>
          {hasDoc ? (
            <DocumentCanvas
              locale={props.locale}
              siteType={props.siteType}
              width={props.width}
              editMode={props.editMode}
              dropActive={paletteType !== null}
            />
          ) : (
            <p className="studio-empty">{t("studio.empty")}</p>
          )}
        </main>
      </StudioColumns>
      <DragOverlay>{paletteType ? <div className="studio-drag-ghost">{paletteType}</div> : null}</DragOverlay>
    </DndContext>
  );
}

function StudioInner({ locale, mode, site }: StudioAppProps) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const api = useMemo(() => createStudioApi(site), [site]);
  const [width, setWidth] = useState<PreviewWidth>("desktop");
  const [editMode, setEditMode] = useState(true);
  const [message, setMessage] = useState("");
  const onUndo = useMemo(
    () => (kind: "undo" | "redo") => announce(t(`studio.announce.${kind === "undo" ? "undone" : "redone"}`)),
    [announce, t],
  );
  useUndoShortcuts(onUndo);

  useEffect(() => {
    void preloadAllBlocks();
    useStudioStore.setState({ persist: true });
    const store = useStudioStore.getState();
    if (!store.doc) {
      const last = lastDocRef();
      const draft = last && last.site_id === site.site_id ? loadDraft(last.site_id, last.page_id) : null;
      const doc = draft ? docOfDraft(draft) : null;
      if (draft && doc) {
        store.restoreDraft(draft, doc);
        setMessage(t("studio.toolbar.draft-restored"));
      }
    }
    const flush = () => flushDraft();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flushDraft();
    };
  }, [site.site_id, t]);

  return (
    <div className="studio" data-studio-mode={mode}>
      <Toolbar
        api={api}
        site={site}
        locale={locale}
        mode={mode}
        width={width}
        setWidth={setWidth}
        editMode={editMode}
        setEditMode={setEditMode}
        setMessage={setMessage}
      />
      <p className="studio-message" role="status" aria-live="polite">
        {message}
      </p>
      {mode === "sections" ? (
        <Sections locale={locale} siteType={site.site_type as SiteType} width={width} editMode={editMode} />
      ) : (
        <main id="main-content" tabIndex={-1} className="studio-main">
          <Settings locale={locale} siteTheme={siteTheme(site)} />
        </main>
      )}
    </div>
  );
}

export default function StudioApp(props: StudioAppProps) {
  return (
    <AnnounceProvider>
      <StudioInner {...props} />
    </AnnounceProvider>
  );
}
