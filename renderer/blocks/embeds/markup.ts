/**
 * The markup of a script embed (around its scripts) as a page keeps it, and what is taken out:
 * one function for the server (DOMPurify over jsdom, what visitors get) and the studio (the
 * browser's DOMPurify, the warning before publishing), so the two never disagree. Frames of the
 * allowed players (schema/embed-frames.ts) stay, sandboxed, lazy and titled; anything else that
 * rich text would lose (other frames, forms, styles, event handlers) is reported.
 */
import type { DOMPurify, NodeHook, UponSanitizeElementHook } from "dompurify";
import { allowedFrame, FRAME_ALLOW, FRAME_SANDBOX, frameHost } from "../../../schema/embed-frames";

export type RemovedMarkup =
  | { kind: "frame"; host: string }
  | { kind: "element"; tag: string }
  | { kind: "attribute"; name: string; tag: string };

const CONFIG = {
  ADD_TAGS: ["iframe"],
  ADD_ATTR: ["target", "allow", "allowfullscreen", "loading", "referrerpolicy", "sandbox", "title"],
  FORBID_TAGS: ["style", "form"],
};

const FRAME_TITLES = { fr: "Lecteur {provider} intégré", en: "Embedded {provider} player" } as const;

/** Elements the parser adds around a fragment, never the editor's. */
const WRAPPERS = new Set(["html", "head", "body"]);

function sameRemoval(a: RemovedMarkup, b: RemovedMarkup): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function sanitizeEmbedMarkup(
  purify: DOMPurify,
  html: string,
  options: { frameHosts?: readonly string[]; locale?: "fr" | "en" } = {},
): { html: string; removed: RemovedMarkup[] } {
  const removed: RemovedMarkup[] = [];
  const note = (entry: RemovedMarkup) => {
    if (!removed.some((known) => sameRemoval(known, entry))) removed.push(entry);
  };
  const frameTitle = FRAME_TITLES[options.locale ?? "fr"];
  // Hooks belong to the instance: added for this call only (sanitize is synchronous).
  const checkFrame: UponSanitizeElementHook = (node, data) => {
    if (data.tagName !== "iframe") return;
    const element = node as Element;
    const frame = allowedFrame(element.getAttribute("src"), options.frameHosts);
    if (frame) {
      element.setAttribute("src", frame.src);
      element.setAttribute("data-provider", frame.provider);
      return;
    }
    note({ kind: "frame", host: frameHost(element.getAttribute("src")) });
    element.remove();
  };
  const settleFrame: NodeHook = (node) => {
    const element = node as Element;
    if (element.tagName === "A" && element.getAttribute("target") === "_blank")
      element.setAttribute("rel", "noopener noreferrer");
    if (element.tagName !== "IFRAME") return;
    const provider = element.getAttribute("data-provider") ?? "";
    element.removeAttribute("data-provider");
    // The player's rights are the site's choice, not the pasted code's.
    element.setAttribute("sandbox", FRAME_SANDBOX);
    element.setAttribute("allow", FRAME_ALLOW);
    element.setAttribute("allowfullscreen", "");
    element.setAttribute("loading", "lazy");
    element.setAttribute("referrerpolicy", "strict-origin-when-cross-origin");
    if (!element.getAttribute("title")?.trim())
      element.setAttribute("title", frameTitle.replace("{provider}", provider));
    // The pasted size becomes a ratio: the frame fills the column at any width.
    const width = Number(element.getAttribute("width"));
    const height = Number(element.getAttribute("height"));
    element.removeAttribute("width");
    element.removeAttribute("height");
    element.setAttribute(
      "style",
      width > 0 && height > 0 ? `aspect-ratio: ${width} / ${height}` : "aspect-ratio: 16 / 9",
    );
  };
  purify.addHook("uponSanitizeElement", checkFrame);
  purify.addHook("afterSanitizeAttributes", settleFrame);
  try {
    const clean = purify.sanitize(html, CONFIG) as string;
    for (const entry of purify.removed) {
      if ("element" in entry) {
        const tag = (entry.element as Element).tagName?.toLowerCase();
        if (tag && !WRAPPERS.has(tag) && tag !== "iframe") note({ kind: "element", tag });
      } else if (entry.attribute) {
        const tag = (entry.from as Element).tagName?.toLowerCase() ?? "";
        note({ kind: "attribute", name: entry.attribute.name, tag });
      }
    }
    return { html: clean, removed };
  } finally {
    purify.removeHook("uponSanitizeElement", checkFrame);
    purify.removeHook("afterSanitizeAttributes", settleFrame);
  }
}
