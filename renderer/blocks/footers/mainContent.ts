/** blocks.md §2 Footer: the skip link leads to #main-content; warn when that id is not unique. */
export const MAIN_CONTENT_ID = "main-content";

/** Logs a console warning when more than one element uses the main-content id; returns the count. */
export function checkMainContentId(doc: Pick<Document, "querySelectorAll"> = document): number {
  const count = doc.querySelectorAll(`#${MAIN_CONTENT_ID}`).length;
  if (count > 1) {
    console.warn(
      `Another element already uses the id "${MAIN_CONTENT_ID}" (${count} found); the skip link may not reach the main content.`,
    );
  }
  return count;
}
