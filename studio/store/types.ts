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
  /** The page's overrides but its footer (its SEO), as loaded. */
  override?: unknown;
  /**
   * The site's header and footer (a variant's when it has its own), shown and edited at the top
   * and bottom of every page; published site-wide from `version` (issue 29).
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

/** The block lists of a document: its content, the site's header and footer, its own footer. */
export type BlockListKey = "blocks" | "header" | "footer" | "page_footer";

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
