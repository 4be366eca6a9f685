/**
 * Browser-side sanitising of rich text with DOMPurify: the studio stores what the
 * editor produced only after it went through the same filter the server applies.
 */
import DOMPurify from "dompurify";

let hooked = false;

export function sanitizeRichText(html: string): string {
  if (!DOMPurify.isSupported) return "";
  if (!hooked) {
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A" && node.getAttribute("target") === "_blank")
        node.setAttribute("rel", "noopener noreferrer");
    });
    hooked = true;
  }
  const clean = DOMPurify.sanitize(html, { ADD_ATTR: ["target"], FORBID_TAGS: ["style", "form"] }) as string;
  // An editor left empty produces "<p></p>": store an empty string instead.
  return clean === "<p></p>" ? "" : clean;
}
