/**
 * A page's draft, as the studio keeps it and the content service stores it (issue 33): the page
 * as it was opened (`base`), the undo history as immer patches (`steps`) and how many of them
 * are applied (`cursor`). The document is rebuilt by applying the steps up to the cursor to the
 * start, so another device or editor opening the draft gets its undo history too. Shared by the
 * studio (which writes it) and the service (which parses it and, for previews and scheduled
 * publishes, rebuilds the document).
 */
import { applyPatches, enablePatches, type Patch } from "immer";
import { z } from "zod";
import type { Block } from "./block";
import { type Theme, themeSchema } from "./theme";

enablePatches();

/** Where a studio document came from: a page of the site, the demo page, or a file from disk. */
export type DocOrigin = "server" | "demo" | "file";

export interface StudioSettings {
  payloadColorsEnabled: boolean;
  globalEditModeActivated: boolean;
}

/** The studio's document: a page being edited, with the editor's preview settings. */
export interface StudioDoc {
  page_id: string;
  site_id: string;
  /** The server version the editor started from (0 for the demo page and files). */
  base_version: number;
  title: { fr: string; en: string };
  paths: { fr: string; en: string };
  blocks: Block[];
  theme: Theme;
  settings: StudioSettings;
  origin?: DocOrigin;
  /** Page record fields kept as loaded and written back on publish. */
  hidden?: boolean;
  seo?: unknown;
  /** The page's overrides but its footer (its SEO), as loaded. */
  override?: unknown;
  /**
   * The site's header and footer (a variant's when it has its own), shown and edited at the top
   * and bottom of every page; published site-wide from `version` (issue 29). Kept in the draft:
   * an edit of them is lost neither on reload nor on another device.
   */
  chrome?: SiteChrome;
  /** The page's own footer (its footer override, site.md §2), replacing the site's when set. */
  page_footer?: Block[];
  /** The variant whose content of this page is edited, when one (its banner shows on the canvas). */
  variant?: DocVariant;
}

export interface SiteChrome {
  header: Block[];
  footer: Block[];
  /** The version of the site's header and footer (or of the variant) this copy was read at. */
  version: number;
}

export interface DocVariant {
  id: string;
  name: string;
  color: string;
  version: number;
}

/** One undo step: a user action (a typing burst, a drag, a colour cycle). */
export interface HistoryStep {
  patches: Patch[];
  inversePatches: Patch[];
  label: string;
  groupKey?: string;
  at: number;
}

export interface Draft {
  version: 1;
  /** The page as loaded (reset target). */
  base: StudioDoc;
  /** The document the kept history starts from, when old steps were folded in (history cap). */
  start?: StudioDoc;
  base_version: number;
  steps: HistoryStep[];
  cursor: number;
}

/** Limits for what a client may store: far above what a person makes, low enough to bound a row. */
export const DRAFT_MAX_STEPS = 500;
export const DRAFT_MAX_BLOCKS = 2000;

const localized = z.object({ fr: z.string().max(2000), en: z.string().max(2000) });

export const studioBlockSchema = z.object({
  id: z.string().min(1).max(200),
  block_type: z.string().min(1).max(100),
  block_params: z.record(z.string(), z.unknown()),
  fields: z.object({ fr: z.record(z.string(), z.unknown()), en: z.record(z.string(), z.unknown()) }),
});

export const studioSettingsSchema = z.object({
  payloadColorsEnabled: z.boolean().default(false),
  globalEditModeActivated: z.boolean().default(false),
});

export const studioDocSchema = z.object({
  page_id: z.string().min(1).max(200),
  site_id: z.string().max(200),
  base_version: z.number().int().nonnegative(),
  title: localized,
  paths: localized,
  blocks: z.array(studioBlockSchema).max(DRAFT_MAX_BLOCKS),
  theme: themeSchema,
  settings: studioSettingsSchema.default({ payloadColorsEnabled: false, globalEditModeActivated: false }),
  origin: z.enum(["server", "demo", "file"]).optional(),
  hidden: z.boolean().optional(),
  seo: z.unknown().optional(),
  override: z.unknown().optional(),
  chrome: z
    .object({
      header: z.array(studioBlockSchema).max(DRAFT_MAX_BLOCKS),
      footer: z.array(studioBlockSchema).max(DRAFT_MAX_BLOCKS),
      version: z.number().int(),
    })
    .optional(),
  page_footer: z.array(studioBlockSchema).max(DRAFT_MAX_BLOCKS).optional(),
  variant: z
    .object({
      id: z.string().min(1).max(64),
      name: z.string().max(200),
      color: z.string().max(40),
      version: z.number().int(),
    })
    .optional(),
});

const patchSchema = z.object({
  op: z.enum(["add", "remove", "replace"]),
  path: z.array(z.union([z.string().max(200), z.number().int().nonnegative()])).max(64),
  value: z.unknown().optional(),
});

const stepSchema = z.object({
  patches: z.array(patchSchema),
  inversePatches: z.array(patchSchema),
  label: z.string().max(2000),
  groupKey: z.string().max(500).optional(),
  at: z.number(),
});

export const draftSchema = z
  .object({
    version: z.literal(1),
    base: studioDocSchema,
    start: studioDocSchema.optional(),
    base_version: z.number().int().nonnegative(),
    steps: z.array(stepSchema).max(DRAFT_MAX_STEPS),
    cursor: z.number().int().nonnegative(),
  })
  .refine((d) => d.cursor <= d.steps.length, { message: "cursor beyond history", path: ["cursor"] });

/** Parses a draft; the zod result, so a caller can say what is wrong. */
export const parseDraftValue = (value: unknown) => draftSchema.safeParse(value) as z.ZodSafeParseResult<Draft>;

/** The document a draft describes: its start with the steps up to the cursor applied; null when they do not apply. */
export function docOfDraft(draft: Draft): StudioDoc | null {
  try {
    const patches = draft.steps.slice(0, draft.cursor).flatMap((s) => s.patches as Patch[]);
    return applyPatches(draft.start ?? draft.base, patches) as StudioDoc;
  } catch {
    return null;
  }
}

/** A document's overrides as a page stores them: its own footer (`page_footer`, issue 29) is the override's footer. */
export function overrideOfDoc(doc: Pick<StudioDoc, "override" | "page_footer">): unknown {
  if (!doc.page_footer) return doc.override;
  return { ...((doc.override as object | undefined) ?? {}), footer: doc.page_footer };
}

/** Who last wrote a stored draft, and when (the studio's status: "Brouillon de Sophie Roy, il y a 2 min"). */
export const draftAuthorSchema = z.object({ id: z.string(), name: z.string() });

/** A stored draft as the content service answers it. */
export const storedDraftSchema = z.object({
  /** Bumped by every write: a writer names the revision it started from (a stale one is a conflict). */
  revision: z.number().int().positive(),
  editor: draftAuthorSchema,
  updated_at: z.string(),
  draft: draftSchema,
});
export type StoredDraft = Omit<z.infer<typeof storedDraftSchema>, "draft"> & { draft: Draft };

/** A draft's summary in page lists: who and when. */
export const draftSummarySchema = z.object({
  revision: z.number().int().positive(),
  editor: draftAuthorSchema,
  updated_at: z.string(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;
