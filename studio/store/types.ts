/** The studio's document and history types. */
import type { Patch } from "immer";
import type { Block } from "../../schema/block";
import type { Theme } from "../../schema/theme";

/** Where the open document came from: a page of the site, the demo page, or a file from disk. */
export type DocOrigin = "server" | "demo" | "file";

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
  override?: unknown;
}

export interface StudioSettings {
  payloadColorsEnabled: boolean;
  globalEditModeActivated: boolean;
}

/** One undo step: a user action (a typing burst, a drag, a colour cycle). */
export interface HistoryStep {
  patches: Patch[];
  inversePatches: Patch[];
  label: string;
  groupKey?: string;
  at: number;
}

export interface ValidationIssue {
  blockId: string;
  block_type: string;
  locale?: "fr" | "en";
  /** Dotted path inside the block, e.g. "fields.fr.main_title". */
  path: string;
  message: string;
}
