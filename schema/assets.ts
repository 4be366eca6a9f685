/**
 * Asset URLs (site.md §7: "Asset URLs use a content asset base, and /resources/ paths go to
 * the content host"). Content names its images, videos and photos by paths of the site
 * (`/images/…`) or of the content host (`/resources/…`, files uploaded to the content service),
 * or by absolute URLs. The server resolves them once, while it loads a page, so the browser
 * gets final URLs and ships no code for this.
 */

export interface AssetBases {
  /** Origin (and optional path) assets are served from; "" for the site's own origin. */
  base: string;
  /** The content service's origin, which serves `/resources/…`; "" when it is this server. */
  contentHost: string;
}

export const SAME_ORIGIN_ASSETS: AssetBases = { base: "", contentHost: "" };

/** A scheme (`https:`, `data:`) or a protocol-relative `//host`: already absolute. */
const ABSOLUTE = /^(?:[a-z][\w+.-]*:|\/\/)/i;
const RESOURCES = /^\/resources(?:\/|$)/;

const trimEnd = (base: string) => base.replace(/\/+$/, "");

/**
 * The URL to load an asset from: absolute URLs (and fragments, queries) untouched, `/resources/…`
 * on the content host, other paths joined to the asset base.
 */
export function assetUrl(url: string, bases: AssetBases): string;
export function assetUrl(url: string | undefined, bases: AssetBases): string | undefined;
export function assetUrl(url: string | undefined, bases: AssetBases): string | undefined {
  if (!url) return url;
  const value = url.trim();
  if (value === "" || ABSOLUTE.test(value) || value.startsWith("#") || value.startsWith("?")) return url;
  const path = value.startsWith("/") ? value : `/${value.replace(/^\.\//, "")}`;
  const origin = RESOURCES.test(path) ? bases.contentHost : bases.base;
  return origin ? `${trimEnd(origin)}${path}` : value.startsWith("/") ? url : path;
}

/** Whether the bases change any URL (the default, same origin, changes none). */
export function movesAssets(bases: AssetBases): boolean {
  return bases.base !== "" || bases.contentHost !== "";
}

/** Keys of image values (schema/fields `imageSchema`, share images) and video sources. */
const ASSET_OBJECT_KEYS = new Set(["url", "alt", "width", "height", "fetchPriority", "type"]);
/** Keys whose string values (or arrays of strings) name assets in service answers: listing photos, thumbnails. */
const ASSET_STRING_KEYS = new Set([
  "property_image",
  "carousel_images",
  "photos",
  "url_small",
  "url_large",
  "thumbnail",
  "favicon",
]);

/**
 * An image value or a video source (`{ url, type }`): an object with a string `url` and no
 * other keys than theirs. Links always carry `target` once parsed (its default), so they are
 * never taken for one.
 */
function isAssetObject(value: Record<string, unknown>): boolean {
  return typeof value.url === "string" && Object.keys(value).every((k) => ASSET_OBJECT_KEYS.has(k));
}

/**
 * A copy of parsed blocks (or any parsed content) with the URLs of its images and video sources
 * resolved; the value itself when the bases move nothing or nothing changed.
 */
export function withAssetUrls<T>(value: T, bases: AssetBases): T {
  if (!movesAssets(bases)) return value;
  const resolveStrings = (node: unknown): unknown => {
    if (typeof node === "string") return assetUrl(node, bases);
    if (Array.isArray(node) && node.every((item) => typeof item === "string")) {
      const out = node.map((item: string) => assetUrl(item, bases));
      return out.some((url, i) => url !== node[i]) ? out : node;
    }
    return walk(node);
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      let changed = false;
      const out = node.map((item) => {
        const next = walk(item);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? out : node;
    }
    if (!node || typeof node !== "object") return node;
    const record = node as Record<string, unknown>;
    if (isAssetObject(record)) {
      const url = assetUrl(record.url as string, bases);
      return url === record.url ? node : { ...record, url };
    }
    let out: Record<string, unknown> | undefined;
    for (const [key, child] of Object.entries(record)) {
      const next = ASSET_STRING_KEYS.has(key) ? resolveStrings(child) : walk(child);
      if (next !== child) {
        out ??= { ...record };
        out[key] = next;
      }
    }
    return out ?? node;
  };
  return walk(value) as T;
}

/** The bases from the server's settings: CONTENT_ASSET_BASE, and CONTENT_API_URL's origin. */
export function assetBasesOf(config: { CONTENT_ASSET_BASE?: string; CONTENT_API_URL?: string }): AssetBases {
  return {
    base: config.CONTENT_ASSET_BASE ? trimEnd(config.CONTENT_ASSET_BASE) : "",
    contentHost: config.CONTENT_API_URL ? new URL(config.CONTENT_API_URL).origin : "",
  };
}

/** The origins a page may load images from beyond its own (the CSP's img-src). */
export function assetOrigins(bases: AssetBases): string[] {
  const origins = new Set<string>();
  for (const url of [bases.base, bases.contentHost]) if (url) origins.add(new URL(url).origin);
  return [...origins];
}
