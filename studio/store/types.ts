/** The studio's document and history types (the draft's are shared with the content service: schema/draft.ts). */
export type { DocOrigin, HistoryStep, StudioDoc, StudioSettings } from "../../schema/draft";

export interface ValidationIssue {
  blockId: string;
  block_type: string;
  locale?: "fr" | "en";
  /** Dotted path inside the block, e.g. "fields.fr.main_title". */
  path: string;
  message: string;
}
