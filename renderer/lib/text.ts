/** Pure helpers of the text renderers (blocks.md §5: text converts br tags to newlines; textarea the reverse). */

const BR = /<br\s*\/?>/gi;

/** Text fields: `<br>` tags become newlines (shown with white-space: pre-line). */
export function brToNewlines(value: string | undefined | null): string {
  return (value ?? "").replace(BR, "\n");
}

/** Textarea fields: the lines between newlines (rendered joined by <br/>). */
export function textareaLines(value: string | undefined | null): string[] {
  if (!value) return [];
  return value.replace(/\r\n?/g, "\n").split("\n");
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Textarea as an HTML string: escaped text with newlines turned into `<br/>`. */
export function newlinesToBr(value: string | undefined | null): string {
  return textareaLines(value).map(escapeHtml).join("<br/>");
}
