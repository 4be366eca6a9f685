/**
 * The editor's global edit mode (spec README decision 7) lives in the browser (`studio:settings`);
 * this cookie mirrors it so the server can tell: the rendered-page cache never answers a request
 * that carries it (server/page-cache/request.ts). Written where the setting is saved
 * (studio/store/persistence.ts) and checked again on every public page (EditModeProvider).
 */
export const EDIT_MODE_COOKIE = "courtier_edit_mode";

const hasCookie = () => document.cookie.split(";").some((part) => part.trim().startsWith(`${EDIT_MODE_COOKIE}=`));

export function syncEditModeCookie(active: boolean): void {
  if (typeof document === "undefined") return;
  if (active) {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain flag the server reads; no Cookie Store API in every browser.
    document.cookie = `${EDIT_MODE_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`;
  } else if (hasCookie()) {
    // biome-ignore lint/suspicious/noDocumentCookie: see above.
    document.cookie = `${EDIT_MODE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  }
}
