/**
 * Drafts and editor settings in localStorage, parsed with zod on load. A draft is the
 * loaded page (`base`), the history steps (immer patches) and the cursor; the document
 * is rebuilt by applying the steps up to the cursor. Bad data is ignored with a warning.
 */
import { z } from "zod";
import { syncEditModeCookie } from "../../renderer/lib/edit-mode-cookie";
import { type Draft, parseDraftValue, docOfDraft as rebuild, studioSettingsSchema } from "../../schema/draft";
import { themeSchema } from "../../schema/theme";
import type { StudioDoc, StudioSettings } from "./types";

export const SETTINGS_KEY = "studio:settings";
/** A page's draft, or its draft in a variant (issue 29: a variant's content of a page is a draft of its own). */
export const draftKey = (siteId: string, pageId: string, variantId?: string) =>
  `studio:draft:${siteId}:${pageId}${variantId ? `@${variantId}` : ""}`;

export type { Draft };

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function serializeDraft(draft: Draft): string {
  return JSON.stringify(draft);
}

/** Parses a stored draft; null (with a warning) when it is not valid JSON or not a draft. */
export function parseDraft(text: string | null | undefined): Draft | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    console.warn("Studio draft ignored: not valid JSON.");
    return null;
  }
  const parsed = parseDraftValue(raw);
  if (!parsed.success) {
    console.warn(`Studio draft ignored: ${z.prettifyError(parsed.error)}`);
    return null;
  }
  return parsed.data;
}

/** The document a draft describes: its start with the steps up to the cursor applied. */
export function docOfDraft(draft: Draft): StudioDoc | null {
  const doc = rebuild(draft);
  if (!doc) console.warn("Studio draft ignored: its history does not apply to its page.");
  return doc;
}

export function loadDraft(siteId: string, pageId: string, variantId?: string): Draft | null {
  const store = storage();
  if (!store) return null;
  const draft = parseDraft(store.getItem(draftKey(siteId, pageId, variantId)));
  return draft && docOfDraft(draft) ? draft : null;
}

/** Writes the draft; false when the storage refused it (full, blocked). */
export function saveDraft(draft: Draft): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(draftKey(draft.base.site_id, draft.base.page_id, draft.base.variant?.id), serializeDraft(draft));
    return true;
  } catch (error) {
    console.warn("Studio draft could not be saved:", error);
    return false;
  }
}

export function removeDraft(siteId: string, pageId: string, variantId?: string): void {
  storage()?.removeItem(draftKey(siteId, pageId, variantId));
}

// ---- editor settings ------------------------------------------------------------

export const editorSettingsSchema = studioSettingsSchema.extend({
  /** The editor's preview theme (preset, radii, accents); null = the site's theme. */
  theme: themeSchema.nullable().default(null),
});
export type EditorSettings = z.infer<typeof editorSettingsSchema>;

export const DEFAULT_EDITOR_SETTINGS: EditorSettings = {
  payloadColorsEnabled: false,
  globalEditModeActivated: false,
  theme: null,
};

export function loadEditorSettings(): EditorSettings {
  const text = storage()?.getItem(SETTINGS_KEY);
  if (!text) return DEFAULT_EDITOR_SETTINGS;
  try {
    const parsed = editorSettingsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.warn(`Studio settings ignored: ${z.prettifyError(parsed.error)}`);
  } catch {
    console.warn("Studio settings ignored: not valid JSON.");
  }
  return DEFAULT_EDITOR_SETTINGS;
}

export function saveEditorSettings(settings: EditorSettings): void {
  try {
    storage()?.setItem(SETTINGS_KEY, JSON.stringify(settings));
    syncEditModeCookie(settings.globalEditModeActivated);
  } catch (error) {
    console.warn("Studio settings could not be saved:", error);
  }
}

export function settingsOf(editor: EditorSettings): StudioSettings {
  return { payloadColorsEnabled: editor.payloadColorsEnabled, globalEditModeActivated: editor.globalEditModeActivated };
}
