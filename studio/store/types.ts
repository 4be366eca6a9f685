/** The studio's document and history types (the draft's are shared with the content service: schema/draft.ts). */
export type { DocOrigin, HistoryStep, StudioDoc, StudioSettings } from "../../schema/draft";

/** The block lists of a document: its content, the site's header and footer, its own footer. */
export type BlockListKey = "blocks" | "header" | "footer" | "page_footer";

export interface ValidationIssue {
  blockId: string;
  block_type: string;
  locale?: "fr" | "en";
  /** Dotted path inside the block, e.g. "fields.fr.main_title". */
  path: string;
  message: string;
}
