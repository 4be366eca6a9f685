/**
 * Pure helpers of the embed blocks (blocks.md §4 iframe resize, §9 Iframe and script embed).
 * Browser code: zod/mini only.
 */
import * as z from "zod/mini";
import { BREAKPOINTS } from "../../lib/breakpoints";

/** Default query parameters of the property search widget; shareUrl is added at run time. */
export const IFRAME_DEFAULT_QUERY = { model: "v5", pub: "0", desjPub: "0", desjCalc: "0" } as const;

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

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" };

/** Decodes the character references an attribute value may hold (`&amp;` in a script's src). */
function decodeAttribute(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([\da-f]+)|([a-z]+));/gi, (whole, dec, hex, name) => {
    if (dec || hex) {
      const code = Number.parseInt(dec ?? hex, dec ? 10 : 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The attributes of a start tag's inside (after its name), quoted values read whole. */
function parseAttributes(raw: string): [string, string][] {
  const attributes: [string, string][] = [];
  const pattern = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s>]+)))?/g;
  for (const match of raw.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (name === "nonce") continue;
    attributes.push([name, decodeAttribute(match[2] ?? match[3] ?? match[4] ?? "")]);
  }
  return attributes;
}

/** Index of the `>` that ends the start tag whose attributes begin at `from` (quotes skipped). */
function tagEnd(code: string, from: number): number {
  let quote = "";
  let afterEquals = false;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === quote) quote = "";
      continue;
    }
    if (afterEquals && (c === '"' || c === "'")) {
      quote = c;
      afterEquals = false;
      continue;
    }
    if (c === ">") return i;
    if (c === "=") afterEquals = true;
    else if (!/\s/.test(c)) afterEquals = false;
  }
  return code.length;
}

/**
 * Reads the embed code as an HTML tokenizer does: comments and the insides of other tags
 * (quoted attribute values included) are markup, so `<script>` written inside an attribute
 * value or a comment is not a script. A script's text runs to its `</script`.
 */
export function splitScripts(code: string | undefined): { html: string; scripts: ScriptSpec[] } {
  if (!code) return { html: "", scripts: [] };
  const scripts: ScriptSpec[] = [];
  let html = "";
  let i = 0;
  while (i < code.length) {
    const lt = code.indexOf("<", i);
    if (lt < 0) {
      html += code.slice(i);
      break;
    }
    html += code.slice(i, lt);
    if (code.startsWith("<!--", lt)) {
      const close = code.indexOf("-->", lt + 4);
      const stop = close < 0 ? code.length : close + 3;
      html += code.slice(lt, stop);
      i = stop;
      continue;
    }
    const name = /^<([a-zA-Z][^\s/>]*)/.exec(code.slice(lt, lt + 100));
    if (!name) {
      html += "<";
      i = lt + 1;
      continue;
    }
    const attributesAt = lt + name[0].length;
    const end = tagEnd(code, attributesAt);
    if (name[1]!.toLowerCase() !== "script") {
      html += code.slice(lt, end + 1);
      i = end + 1;
      continue;
    }
    const closing = /<\/script[\s/>]/i.exec(code.slice(end + 1));
    const textEnd = closing ? end + 1 + closing.index : code.length;
    scripts.push({
      attributes: parseAttributes(code.slice(attributesAt, end).replace(/\/\s*$/, "")),
      text: code.slice(end + 1, textEnd),
    });
    i = closing ? tagEnd(code, textEnd + 2) + 1 : code.length;
  }
  return { html: html.trim(), scripts };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Writes markup and scripts back as embed code that `splitScripts` reads to the same parts. */
export function joinScripts(html: string, scripts: readonly ScriptSpec[]): string {
  const written = scripts.map(({ attributes, text }) => {
    const attrs = attributes.map(([name, value]) =>
      value === "" ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`,
    );
    return `<script${attrs.join("")}>${text}</script>`;
  });
  return [html, ...written].filter(Boolean).join("\n");
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
