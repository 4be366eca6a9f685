/**
 * Server drafts in the studio (issue 33). The draft of a page of the site lives on the server
 * (PUT /api/drafts/{site}/{page}), with its undo history, so another device or editor opening
 * the page gets it, sees who wrote it and when, and can continue it. This device keeps a copy of
 * what the server has not acknowledged yet (its "outbox", localStorage) and sends it as soon as it
 * can: a moment after each change (the store's debounce), when the tab hides, when the network
 * comes back, with retries; nothing typed is lost to a cut network or a killed server.
 *
 * The page lock decides who writes (studio/auth/StudioSession.tsx's PageLock reports it here):
 * while another editor holds the page, their draft is shown read-only and refreshed at each of the
 * lock's beats; a take-over hands the latest draft over. Changes this device could not send before
 * the page changed hands are kept aside ("orphan") and can be brought back as one undo step.
 *
 * The demo page and imported files are not pages of the site: their drafts stay in this
 * browser's localStorage, as before.
 */
import type { TFunction } from "i18next";
import { create } from "zustand";
import { type Draft, docOfDraft, parseDraftValue, type StoredDraft } from "../../schema/draft";
import {
  type DraftStatus,
  draftOf,
  flushDraft,
  type LocalReason,
  loadDraft,
  removeDraft,
  type StudioDoc,
  serializeDraft,
  setDraftSaver,
  setReadOnlyNotice,
  useStudioStore,
} from "../store";
import { chromeOf, type DraftAnswer, type StudioApi, StudioApiError } from "./api";
import { showToast } from "./toasts";

const OUTBOX_PREFIX = "studio:outbox:";
const ORPHAN_PREFIX = "studio:orphan:";
/** A variant's draft of a page is its own (`@variant`), as on the server. */
const suffix = (variant?: string) => (variant ? `@${variant}` : "");
export const outboxKey = (site: string, page: string, variant?: string) =>
  `${OUTBOX_PREFIX}${site}:${page}${suffix(variant)}`;
export const orphanKey = (site: string, page: string, variant?: string) =>
  `${ORPHAN_PREFIX}${site}:${page}${suffix(variant)}`;

/** What a draft belongs to: a page of the site, or its content in a variant. */
export interface DraftPage {
  site: string;
  id: string;
  variant?: string;
}

/** Retries after a failed send: 2 s, doubling, at most 30 s (and at once when the network returns). */
const RETRY_MIN_MS = 2000;
const RETRY_MAX_MS = 30_000;
/** A send at page hide rides the browser's keepalive only under its 64 KB budget; the outbox keeps the rest. */
const KEEPALIVE_MAX = 60_000;
/** How long opening another page waits for a save in flight. */
const FLUSH_WAIT_MS = 5000;

export type LockKind = "unknown" | "mine" | "held" | "lost";

export interface DraftSync {
  /** The page of the site (or its variant) whose draft is synced; null for the demo page, a file, or nothing. */
  page: DraftPage | null;
  /** The server's revision this device's draft descends from (0: the server has no draft). */
  revision: number;
  /** Who wrote the server's draft last (null: none, or this editor's own new draft). */
  author: { id: string; name: string } | null;
  lock: LockKind;
  /** Who holds the page when another editor does. */
  holder: string | null;
  /** Changes of this device kept aside when the page changed hands (the Open menu offers them back). */
  orphan: boolean;
  /** The open page's pending scheduled publish: when, and who scheduled it. */
  scheduled: { run_at: string; editor: string } | null;
  /** The site's time zone (publishing later is chosen in it). */
  timeZone: string;
}

export const useDraftSync = create<DraftSync>(() => ({
  page: null,
  revision: 0,
  author: null,
  lock: "unknown",
  holder: null,
  orphan: false,
  scheduled: null,
  timeZone: "America/Toronto",
}));

interface Outbox {
  revision: number;
  at: number;
  draft: Draft;
}

let api: StudioApi | undefined;
let me: { id: string; name: string } | undefined;
let translate: TFunction | undefined;
/** The newest draft not acknowledged yet: its page and its JSON. */
let latest: (DraftPage & { text: string }) | null = null;
let inFlight: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_MIN_MS;
let lastNotice = 0;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const setStatus = (draft: DraftStatus) => useStudioStore.setState({ draft });

function readKept(key: string): Outbox | null {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as { revision?: unknown; at?: unknown; draft?: unknown };
    const draft = parseDraftValue(raw.draft);
    if (!draft.success || typeof raw.revision !== "number" || typeof raw.at !== "number") return null;
    return { revision: raw.revision, at: raw.at, draft: draft.data };
  } catch {
    return null;
  }
}

/** Writes this device's copy (the draft's JSON as is, not serialised again); false when the browser refused it. */
function writeKept(key: string, revision: number, draftText: string): boolean {
  try {
    storage()?.setItem(key, `{"revision":${revision},"at":${Date.now()},"draft":${draftText}}`);
    return storage() !== undefined;
  } catch {
    return false;
  }
}

const forget = (key: string) => storage()?.removeItem(key);

const samePage = (a: DraftPage | null, b: DraftPage | null) =>
  a !== null && b !== null && a.site === b.site && a.id === b.id && (a.variant ?? "") === (b.variant ?? "");

const pageOfDoc = (doc: StudioDoc): DraftPage => ({
  site: doc.site_id,
  id: doc.page_id,
  ...(doc.variant ? { variant: doc.variant.id } : {}),
});

/** A local status: kept on this device (or not even that), and why. */
function keptLocally(reason: LocalReason) {
  const page = useDraftSync.getState().page;
  const kept = page ? storage()?.getItem(outboxKey(page.site, page.id, page.variant)) : null;
  setStatus(kept ? { kind: "local", at: Date.now(), reason } : { kind: "failed" });
}

/** The status once the server has everything (read only while another editor holds the page). */
function savedStatus(at: number) {
  const { author, lock, holder } = useDraftSync.getState();
  // The page opened again while another editor holds it (the studio opens the home page at
  // start, then the editor opens it from the menu): still theirs, read only.
  if (lock === "held" || lock === "lost") return setStatus({ kind: "readonly", by: author?.name ?? holder ?? "?", at });
  setStatus({ kind: "saved", at, ...(author && author.id !== me?.id ? { by: author.name } : {}) });
}

// ---- saving ------------------------------------------------------------------------------------

/** The store's saver: a page of the site's draft goes to the server (kept here until acknowledged). */
function saveDraft(draft: Draft): boolean {
  const page = useDraftSync.getState().page;
  if (!page || draft.base.origin !== "server" || !samePage(pageOfDoc(draft.base), page)) return false;
  const text = serializeDraft(draft);
  latest = { ...page, text };
  const kept = writeKept(outboxKey(page.site, page.id, page.variant), useDraftSync.getState().revision, text);
  const { lock } = useDraftSync.getState();
  if (lock === "held" || lock === "lost") {
    setStatus(kept ? { kind: "local", at: Date.now(), reason: "locked" } : { kind: "failed" });
    return true;
  }
  queueSend();
  return true;
}

function queueSend() {
  if (inFlight) {
    again = true;
    return;
  }
  inFlight = send().finally(() => {
    inFlight = null;
    if (again) {
      again = false;
      queueSend();
    }
  });
}

function scheduleRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    queueSend();
  }, retryDelay);
  retryDelay = Math.min(RETRY_MAX_MS, retryDelay * 2);
}

async function send(): Promise<void> {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  const target = latest;
  const sync = useDraftSync.getState();
  if (!api || !target || !samePage(target, sync.page)) return;
  if (sync.lock === "held" || sync.lock === "lost") return keptLocally("locked");
  // The lock's first beat has not answered yet: a save now would be refused (423) while this
  // editor's older session still holds the page, which that beat takes back. It sends then.
  if (sync.lock === "unknown") return;
  let answer: DraftAnswer;
  try {
    answer = await api.saveDraft(target.id, sync.revision, target.text, target.variant);
  } catch {
    // No answer: the network is down, or the server died mid-request. The copy here stays.
    keptLocally(typeof navigator !== "undefined" && navigator.onLine === false ? "offline" : "error");
    return scheduleRetry();
  }
  if (!samePage(target, useDraftSync.getState().page)) return;
  const body = (answer.body ?? {}) as { revision?: unknown; editor?: unknown; lock?: { editor?: { name?: string } } };
  if (answer.status === 200 && typeof body.revision === "number") {
    retryDelay = RETRY_MIN_MS;
    useDraftSync.setState({ revision: body.revision, author: me ?? null });
    if (latest?.text === target.text) {
      latest = null;
      forget(outboxKey(target.site, target.id, target.variant));
      removeDraft(target.site, target.id, target.variant);
      savedStatus(Date.now());
    } else if (latest) {
      // A newer change came meanwhile: its copy now descends from the revision just made.
      writeKept(outboxKey(latest.site, latest.id, latest.variant), body.revision, latest.text);
      again = true;
    }
    return;
  }
  if (answer.status === 423 || answer.status === 409) {
    // The page changed hands (a take-over) or its draft moved on without us: our changes stay
    // here; the lock's next beat says who holds it, and taking it back brings them back.
    const holder = body.lock?.editor?.name ?? null;
    useDraftSync.setState({ lock: "lost", holder: holder ?? useDraftSync.getState().holder });
    useStudioStore.setState({ readOnly: true });
    return keptLocally("locked");
  }
  if (answer.status === 401) return keptLocally("signed-out");
  if (answer.status === 403 && (answer.body as { code?: unknown } | null)?.code === "embed_admin_only")
    return keptLocally("embed");
  if (answer.status >= 500 || answer.status === 429 || answer.status === 408) {
    keptLocally("error");
    return scheduleRetry();
  }
  // Refused for good (400, 413): the copy stays here; the status says it was not sent.
  keptLocally("error");
}

/** Saves now and waits (a while) for the save in flight: before another page opens, or a publish. */
export async function flushPending(): Promise<void> {
  flushDraft();
  if (!inFlight) return;
  await Promise.race([inFlight, new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS))]);
  if (inFlight) await Promise.race([inFlight, new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS))]);
}

// ---- opening -----------------------------------------------------------------------------------

/**
 * Opening is asynchronous (the page, its draft, its schedule): the last open asked wins. The
 * studio opens the home page at start; an editor who opens another document meanwhile keeps it.
 */
let openSeq = 0;
/** A ticket for an open; `superseded(ticket)` says whether another open started after it. */
export const openTicket = () => ++openSeq;
export const superseded = (ticket: number) => ticket !== openSeq;

/** This device's unsent copy of a page's draft, or a draft kept in localStorage before drafts moved to the server. */
function keptOutbox(site: string, page: string, variant?: string): Outbox | null {
  const outbox = readKept(outboxKey(site, page, variant));
  if (outbox) return outbox;
  const legacy = loadDraft(site, page, variant);
  return legacy ? { revision: 0, at: Date.now(), draft: legacy } : null;
}

/**
 * Puts the page in the store with the draft it should show: this device's unsent copy when it
 * descends from the server's draft (it is newer), else the server's draft, else the page. A copy
 * that no longer descends from it is kept aside.
 */
function adopt(doc: StudioDoc, stored: StoredDraft | null): "outbox" | "server" | "page" {
  const store = useStudioStore.getState();
  const page = pageOfDoc(doc);
  const storedRev = stored?.revision ?? 0;
  const outbox = keptOutbox(page.site, page.id, page.variant);
  latest = null;
  const reopened = samePage(page, useDraftSync.getState().page);
  useDraftSync.setState({
    page,
    revision: storedRev,
    author: stored?.editor ?? null,
    orphan: storage()?.getItem(orphanKey(page.site, page.id, page.variant)) != null,
    // Another page: its lock is not known until its first beat.
    ...(reopened ? {} : { lock: "unknown" as const, holder: null }),
  });
  store.load(doc, { restoreDraft: false, origin: "server" });
  // Shown again while another editor holds it: still theirs.
  const { lock } = useDraftSync.getState();
  if (lock === "held" || lock === "lost") useStudioStore.setState({ readOnly: true });
  const outboxDoc = outbox && samePage(pageOfDoc(outbox.draft.base), page) ? docOfDraft(outbox.draft) : null;
  if (outbox && outboxDoc && outbox.revision === storedRev) {
    store.restoreDraft(outbox.draft, outboxDoc);
    freshChrome(doc);
    latest = { ...page, text: serializeDraft(outbox.draft) };
    removeDraft(page.site, page.id, page.variant);
    setStatus({ kind: "pending" });
    queueSend();
    return "outbox";
  }
  if (outbox) {
    // Written here while the server's draft moved on (another editor, another device): kept aside.
    storage()?.setItem(orphanKey(page.site, page.id, page.variant), JSON.stringify(outbox));
    forget(outboxKey(page.site, page.id, page.variant));
    removeDraft(page.site, page.id, page.variant);
    useDraftSync.setState({ orphan: true });
    if (translate) showToast({ text: translate("studio.drafts.orphan-kept"), action: restoreOrphanAction() });
  }
  const storedDoc = stored ? docOfDraft(stored.draft) : null;
  if (stored && storedDoc && samePage(pageOfDoc(stored.draft.base), page)) {
    store.restoreDraft(stored.draft, storedDoc);
    freshChrome(doc);
    savedStatus(Date.parse(stored.updated_at));
    return "server";
  }
  return "page";
}

/** A draft kept from before the site's header or footer was published elsewhere shows them as they are now. */
function freshChrome(doc: StudioDoc) {
  if (doc.chrome) useStudioStore.getState().refreshChrome(doc.chrome);
}

/**
 * The page as published (its content in `variant` when named); a page never published yet (a new
 * page, issue 29) is its draft's start, with the site's header and footer as they are now.
 */
async function loadPage(pageId: string, variant: string | undefined, stored: StoredDraft | null): Promise<StudioDoc> {
  if (!api) throw new Error("The studio is not started");
  if (variant) return api.variantPage(variant, pageId);
  try {
    return await api.page(pageId);
  } catch (error) {
    const base = stored?.draft.base;
    if (!(error instanceof StudioApiError && error.status === 404) || !base || base.base_version !== 0) throw error;
    const settings = await api.settings().catch(() => null);
    return settings ? { ...base, chrome: chromeOf(settings) } : base;
  }
}

/**
 * Opens a page of the site (or its content in `variant`): the page and its server draft (with
 * this device's unsent copy, if any). Says so with a toast unless `quiet` and nothing was restored.
 */
export async function openServerPage(pageId: string, t: TFunction, quiet = false, variant?: string): Promise<boolean> {
  if (!api) return false;
  const ticket = openTicket();
  await flushPending();
  let doc: StudioDoc;
  let stored: StoredDraft | null;
  let schedule: Awaited<ReturnType<StudioApi["schedule"]>> | null;
  try {
    [stored, schedule] = await Promise.all([
      api.draft(pageId, variant),
      // The toolbar says when the page is scheduled (variants are published at once only).
      variant ? null : api.schedule(pageId).catch(() => null),
    ]);
    doc = await loadPage(pageId, variant, stored);
  } catch (error) {
    if (superseded(ticket)) return true;
    showToast({ text: t("studio.toolbar.load-error", { message: (error as Error).message }), tone: "error" });
    return false;
  }
  // Another document was asked for meanwhile: it is the one open (nothing else to do here).
  if (superseded(ticket)) return true;
  const from = adopt(doc, stored);
  useDraftSync.setState({
    scheduled: schedule?.schedule ? { run_at: schedule.schedule.run_at, editor: schedule.schedule.editor.name } : null,
    ...(schedule ? { timeZone: schedule.time_zone } : {}),
  });
  if (from === "server" && stored && stored.editor.id !== me?.id)
    showToast({ text: t("studio.drafts.opened-other", { name: stored.editor.name }) });
  else if (from !== "page") showToast({ text: t("studio.toolbar.draft-restored") });
  else if (!quiet) showToast({ text: t("studio.toolbar.loaded") });
  return true;
}

/** Another document opens (the demo page, a file): nothing of the site to sync. */
export function leaveServerPage(): void {
  latest = null;
  useDraftSync.setState({
    page: null,
    revision: 0,
    author: null,
    lock: "unknown",
    holder: null,
    orphan: false,
    scheduled: null,
  });
}

/** Reads the page and its draft again and shows them (a take-over, another editor's progress). */
async function reload(): Promise<void> {
  const page = useDraftSync.getState().page;
  if (!api || !page) return;
  try {
    const stored = await api.draft(page.id, page.variant);
    const doc = await loadPage(page.id, page.variant, stored);
    if (!samePage(page, useDraftSync.getState().page)) return;
    const selected = useStudioStore.getState().selectedId;
    adopt(doc, stored);
    if (selected && useStudioStore.getState().doc?.blocks.some((b) => b.id === selected))
      useStudioStore.getState().select(selected);
  } catch {
    // Offline: the next beat tries again.
  }
}

// ---- the lock ----------------------------------------------------------------------------------

/** The lock's beat got no answer (offline, server down): an edit waiting for it stays here, and says so. */
export function lockUnanswered(): void {
  const sync = useDraftSync.getState();
  if (!sync.page || sync.lock !== "unknown" || !latest) return;
  keptLocally(typeof navigator !== "undefined" && navigator.onLine === false ? "offline" : "error");
}

/** What the page lock's last beat said (PageLock calls it). */
export function lockChanged(kind: "mine" | "held" | "lost", holder?: string): void {
  const before = useDraftSync.getState();
  if (!before.page) return;
  useDraftSync.setState({ lock: kind, holder: kind === "mine" ? null : (holder ?? before.holder) });
  if (kind === "mine") {
    useStudioStore.setState({ readOnly: false });
    // Taken over from another editor (or back): their latest draft, handed over with the page.
    if (before.lock === "held" || before.lock === "lost") void reload();
    else if (latest) queueSend();
    return;
  }
  useStudioStore.setState({ readOnly: true });
  const name = holder ?? before.holder ?? "?";
  const current = useStudioStore.getState().draft;
  if (current.kind !== "local" && current.kind !== "failed") setStatus({ kind: "readonly", by: name });
  // Their progress: the draft again when it moved on.
  void refreshHeld(name);
}

async function refreshHeld(name: string) {
  const page = useDraftSync.getState().page;
  if (!api || !page) return;
  try {
    const stored = await api.draft(page.id, page.variant);
    if (!samePage(page, useDraftSync.getState().page) || useDraftSync.getState().lock === "mine") return;
    if ((stored?.revision ?? 0) !== useDraftSync.getState().revision || latest) await reload();
    const after = useStudioStore.getState().draft;
    const at = stored ? Date.parse(stored.updated_at) : undefined;
    if (after.kind !== "local" && after.kind !== "failed")
      setStatus({ kind: "readonly", by: stored?.editor.name ?? name, ...(at ? { at } : {}) });
  } catch {
    // Offline: shown as it was.
  }
}

// ---- publish, discard, orphan ------------------------------------------------------------------

/** The server draft a publish comes from (the service removes it once published). */
export const draftRevision = () => useDraftSync.getState().revision || undefined;

/** After a publish of the open page: nothing is pending any more. */
export function publishedDraft(): void {
  const page = useDraftSync.getState().page;
  latest = null;
  if (page) {
    forget(outboxKey(page.site, page.id, page.variant));
    removeDraft(page.site, page.id, page.variant);
  }
  useDraftSync.setState({ revision: 0, author: null });
}

/** Whether the open page has a draft to discard (on the server, or unsent here). */
export const hasDraft = (s: DraftSync, steps: number) => s.page !== null && (s.revision > 0 || steps > 0);

/**
 * Discards the open page's draft for every device and editor, explicitly: the page as published
 * comes back, and the toast's Annuler brings the draft back (with its history).
 */
export async function discardDraft(t: TFunction): Promise<boolean> {
  const sync = useDraftSync.getState();
  const page = sync.page;
  const state = useStudioStore.getState();
  const previous = draftOf(state);
  if (!api || !page || !previous) return false;
  latest = null;
  if (sync.revision > 0) {
    let answer: DraftAnswer;
    try {
      answer = await api.discardDraft(page.id, sync.revision, page.variant);
    } catch {
      showToast({ text: t("studio.drafts.discard-offline"), tone: "error" });
      return false;
    }
    if (answer.status === 423) {
      const name = (answer.body as { lock?: { editor?: { name?: string } } } | null)?.lock?.editor?.name ?? "?";
      showToast({ text: t("studio.drafts.discard-locked", { name }), tone: "error" });
      return false;
    }
    if (answer.status === 409) {
      showToast({ text: t("studio.drafts.discard-changed"), tone: "error" });
      await reload();
      return false;
    }
    if (answer.status !== 200 && answer.status !== 404) {
      showToast({ text: t("studio.drafts.discard-failed"), tone: "error" });
      return false;
    }
  }
  forget(outboxKey(page.site, page.id, page.variant));
  removeDraft(page.site, page.id, page.variant);
  try {
    const doc = await loadPage(page.id, page.variant, null);
    adopt(doc, null);
  } catch {
    useDraftSync.setState({ revision: 0, author: null });
    useStudioStore.getState().resetDoc();
  }
  showToast({
    text: t("studio.drafts.discarded"),
    action: { label: t("studio.toast.undo"), run: () => undoDiscard(page, previous) },
  });
  return true;
}

/** Brings a discarded draft back, with its history, and saves it again. */
function undoDiscard(page: DraftPage, previous: Draft) {
  if (!samePage(page, useDraftSync.getState().page)) return;
  const doc = docOfDraft(previous);
  if (!doc) return;
  useStudioStore.getState().restoreDraft(previous, doc);
  setStatus({ kind: "pending" });
  saveDraft(previous);
}

function restoreOrphanAction() {
  return { label: translate?.("studio.drafts.orphan-restore") ?? "", run: () => restoreOrphan() };
}

/** Brings back, as one undo step, the changes this device kept aside when the page changed hands. */
export function restoreOrphan(): boolean {
  const page = useDraftSync.getState().page;
  if (!page) return false;
  const kept = readKept(orphanKey(page.site, page.id, page.variant));
  const doc = kept ? docOfDraft(kept.draft) : null;
  if (!kept || !doc) return false;
  const store = useStudioStore.getState();
  // While another editor holds the page the store refuses it (and says who holds it).
  if (store.readOnly) {
    store.restoreVersion(0, doc);
    return false;
  }
  store.restoreVersion(0, doc);
  forget(orphanKey(page.site, page.id, page.variant));
  useDraftSync.setState({ orphan: false });
  return true;
}

// ---- wiring ------------------------------------------------------------------------------------

function onVisibility() {
  if (document.visibilityState === "hidden") flushDraft();
}

/** The tab goes away: the copy here is written at once; a small draft also leaves with the browser's keepalive. */
function onPageHide() {
  flushDraft();
  const target = latest;
  const sync = useDraftSync.getState();
  if (!target || inFlight || target.text.length > KEEPALIVE_MAX || sync.lock === "held" || sync.lock === "lost") return;
  const query = target.variant ? `?variant=${encodeURIComponent(target.variant)}` : "";
  void fetch(`/api/drafts/${encodeURIComponent(target.site)}/${encodeURIComponent(target.id)}${query}`, {
    method: "PUT",
    headers: { accept: "application/json", "content-type": "application/json" },
    credentials: "same-origin",
    keepalive: true,
    body: `{"revision":${sync.revision},"draft":${target.text}}`,
  }).catch(() => undefined);
}

function onOnline() {
  retryDelay = RETRY_MIN_MS;
  if (latest) queueSend();
}

/** Wires server drafts for the studio's life (StudioApp): the store's saver, the retries. */
export function startServerDrafts(options: { api: StudioApi; editor: { id: string; name: string }; t: TFunction }) {
  api = options.api;
  me = options.editor;
  translate = options.t;
  setDraftSaver(saveDraft);
  setReadOnlyNotice(() => {
    const now = Date.now();
    if (now - lastNotice < 4000) return;
    lastNotice = now;
    const holder = useDraftSync.getState().holder ?? "?";
    showToast({ text: options.t("studio.drafts.read-only", { name: holder }) });
  });
  window.addEventListener("online", onOnline);
  window.addEventListener("focus", onOnline);
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", onPageHide);
  return () => {
    window.removeEventListener("online", onOnline);
    window.removeEventListener("focus", onOnline);
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("pagehide", onPageHide);
    flushDraft();
    setDraftSaver(undefined);
    setReadOnlyNotice(undefined);
  };
}

/**
 * A new page (issue 29) starts as a server draft like any other: another editor or device sees it
 * in the Pages list, never published, and can open it. Answers the service's status (200: made).
 */
export async function createPageDraft(doc: StudioDoc): Promise<DraftAnswer> {
  if (!api) throw new Error("The studio is not started");
  const draft: Draft = { version: 1, base: doc, base_version: 0, steps: [], cursor: 0 };
  return api.saveDraft(doc.page_id, 0, serializeDraft(draft));
}
