/**
 * Embedded HTML (blocks.md §3 Generic renderers). It is sanitised with DOMPurify
 * in the browser right before it reaches the DOM, and rendered after hydration
 * only: the server never prints embedded HTML it could not check the same way.
 * If sanitising fails the component logs a warning and shows nothing. DOMPurify is
 * imported here only, so pages without embedded HTML do not ship it.
 */
import DOMPurify from "dompurify";
import { type ElementType, useEffect, useState } from "react";

export const EMBED_PURIFY_CONFIG = {
  ADD_ATTR: ["target", "allow", "allowfullscreen", "frameborder", "loading"],
  ADD_TAGS: ["iframe"],
  FORBID_TAGS: ["style", "form", "script"],
};

let hooked = false;

/** Sanitises embedded HTML in the browser; undefined (with a warning) when that is not possible. */
export function sanitizeEmbeddedHtml(html: string, purifier: typeof DOMPurify = DOMPurify): string | undefined {
  try {
    if (!purifier.isSupported) throw new Error("DOMPurify needs a DOM");
    if (!hooked && purifier === DOMPurify) {
      purifier.addHook("afterSanitizeAttributes", (node) => {
        if (node.tagName === "A" && node.getAttribute("target") === "_blank")
          node.setAttribute("rel", "noopener noreferrer");
      });
      hooked = true;
    }
    return purifier.sanitize(html, EMBED_PURIFY_CONFIG) as string;
  } catch (error) {
    console.warn("Embedded HTML could not be sanitised and is not shown:", error);
    return undefined;
  }
}

export function EmbeddedHtml({
  html,
  as: Tag = "div",
  className,
}: {
  html?: string;
  as?: ElementType;
  className?: string;
}) {
  const [clean, setClean] = useState<string | undefined>(undefined);
  useEffect(() => {
    setClean(html ? sanitizeEmbeddedHtml(html) : undefined);
  }, [html]);
  if (!clean) return null;
  return (
    <Tag
      className={["embedded-html", className].filter(Boolean).join(" ")}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
