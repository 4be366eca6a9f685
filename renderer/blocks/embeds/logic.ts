/**
 * Pure helpers of the embed blocks (blocks.md §4 iframe resize, §9 Iframe and script embed).
 * Browser code: zod/mini only.
 */
import * as z from "zod/mini";
import { BREAKPOINTS } from "../../lib/breakpoints";

/** Default query parameters of the property search widget; shareUrl is added at run time. */
export const IFRAME_DEFAULT_QUERY = { model: "v5", pub: "0", desjPub: "0", desjCalc: "0" } as const;
/** The new model (v5) is limited from this window width, and adds this bottom overlap (px); see embeds.css. */
export const IFRAME_MAX_WIDTH = 1500;
export const IFRAME_OVERLAP_BOTTOM = 90;

/** Script padding multiplier: 0.5 below lg, 0.75 below xl, otherwise 1. */
export function scriptPaddingMultiplier(width: number): number {
  if (width < BREAKPOINTS.lg) return 0.5;
  if (width < BREAKPOINTS.xl) return 0.75;
  return 1;
}

export interface Padding {
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
}

/** CSS padding of the script embed at a window width, e.g. "24px 12px 24px 12px". */
export function scriptPadding(padding: Padding | undefined, width: number): string | undefined {
  if (!padding) return undefined;
  const m = scriptPaddingMultiplier(width);
  const side = (value: number | undefined) => {
    const n = typeof value === "number" && Number.isFinite(value) ? Math.max(0, value) : 0;
    return `${Math.round(n * m * 100) / 100}px`;
  };
  return [side(padding.top), side(padding.right), side(padding.bottom), side(padding.left)].join(" ");
}

/** Splits embed code into markup without scripts and the scripts to create (in order). */
export interface ScriptSpec {
  attributes: [name: string, value: string][];
  text: string;
}

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

export function splitScripts(code: string | undefined): { html: string; scripts: ScriptSpec[] } {
  if (!code) return { html: "", scripts: [] };
  const scripts: ScriptSpec[] = [];
  const html = code.replace(SCRIPT_TAG, (_, rawAttributes: string, text: string) => {
    const attributes: [string, string][] = [];
    for (const match of rawAttributes.matchAll(ATTRIBUTE)) {
      const name = match[1]?.toLowerCase();
      if (!name || name === "nonce") continue;
      attributes.push([name, match[2] ?? match[3] ?? match[4] ?? ""]);
    }
    scripts.push({ attributes, text });
    return "";
  });
  return { html: html.trim(), scripts };
}

/** The iframe's URL with the default query params, the editor's params and shareUrl. */
export function buildIframeSrc(
  iframeUrl: string | undefined,
  params: readonly { name: string; value: string }[] | undefined,
  shareUrl: string,
  base: string,
): URL | undefined {
  const raw = iframeUrl?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    console.warn(`Invalid iframe URL "${raw}".`);
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  for (const [name, value] of Object.entries(IFRAME_DEFAULT_QUERY)) url.searchParams.set(name, value);
  for (const { name, value } of params ?? []) if (name.trim()) url.searchParams.set(name.trim(), value);
  url.searchParams.set("shareUrl", shareUrl);
  return url;
}

/** The widget uses the new model (limited width and bottom overlap) when `model` is v5. */
export function isNewModel(src: URL | undefined): boolean {
  return src?.searchParams.get("model") === "v5";
}

const heightMessageSchema = z.object({
  eventId: z.literal("remaxIframeHeight"),
  height: z.number().check(z.nonnegative()),
});

/**
 * The height a window message asks the iframe to take, or undefined when the message
 * is not from the iframe's own origin or is not `{ eventId: "remaxIframeHeight", height }`.
 * A JSON string is accepted too (some widgets post strings).
 */
export function iframeHeightFromMessage(
  event: { origin: string; data: unknown },
  iframeOrigin: string | undefined,
): number | undefined {
  if (!iframeOrigin || iframeOrigin === "null" || event.origin !== iframeOrigin) return undefined;
  let data = event.data;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  const parsed = heightMessageSchema.safeParse(data);
  if (!parsed.success || !Number.isFinite(parsed.data.height)) return undefined;
  return Math.ceil(parsed.data.height);
}
