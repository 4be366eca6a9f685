/**
 * Link URLs in QA (blocks.md §5): internal links start with "/", external ones with
 * http:// or https://. mailto:, tel: and sms: links and in-page anchors are accepted too
 * (the catalogue's headers use sms:). Empty is fine: the link may be an action.
 */
export type UrlCheck = "ok" | "empty" | "invalid";

export function checkLinkUrl(url: unknown): UrlCheck {
  if (url === undefined || url === null || url === "") return "empty";
  if (typeof url !== "string") return "invalid";
  const value = url.trim();
  if (value !== url || /\s/.test(value)) return "invalid";
  if (value.startsWith("//")) return "invalid";
  if (value.startsWith("/") || value.startsWith("#")) return "ok";
  if (/^https?:\/\/[^/\s?#]+\.[^/\s?#]+/i.test(value) || /^https?:\/\/localhost(:\d+)?(\/|$)/i.test(value)) return "ok";
  if (/^(mailto|tel|sms):[^\s]+$/i.test(value)) return "ok";
  return "invalid";
}
