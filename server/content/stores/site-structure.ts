/**
 * What keeps a site's addresses whole when its pages move (issue 29): the rules every redirect
 * follows (no loop, no chain, never over a live page), and what a renamed or deleted page does
 * to the site in the same transaction: its old address redirects (301) or answers 410, the
 * redirects that led to it lead to where it went, and the header and footer links that named it
 * follow it. Pure functions, and the one transaction step the content store calls.
 */
import type { Trx } from "../db/dialect";
import {
  type Author,
  type PageRecord,
  pageDocument,
  pageRecordSchema,
  type RedirectRecord,
  redirectRecordSchema,
  type SiteRecord,
  siteRecordSchema,
  type VariantRecord,
  variantRecordSchema,
} from "./content-records";
import { recordPageVersions } from "./page-versions";

/** A path as pages and redirects store it: no query or fragment, no trailing slash (but `/`), no doubled slashes. */
export function pathOf(target: string): string {
  const clean = target
    .replace(/[?#].*$/, "")
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
  return clean === "" ? "/" : clean;
}

/** Whether a redirect's target is an address of this site (`/fr/…`), not another site's URL. */
export const isInternal = (target: string) => target.startsWith("/") && !target.startsWith("//");

export type RedirectProblem =
  /** It leads to itself, or to a redirect that leads back to it. */
  | "loop"
  /** It leads to an address that redirects again. */
  | "chain"
  /** Another redirect leads to its address, which would then redirect again. */
  | "chained-from"
  /** A page lives at its address: the redirect would hide it. */
  | "page-path";

/**
 * Why `redirect` may not join `others` (the site's other redirects, `redirect.from` left out), or
 * undefined. Chains are refused, not followed: a visitor and a search engine should get the
 * final address in one step, and a chain is how loops start.
 */
export function redirectProblem(
  redirect: RedirectRecord,
  others: readonly RedirectRecord[],
  pagePaths: ReadonlySet<string>,
): RedirectProblem | undefined {
  const from = pathOf(redirect.from);
  const leads = (r: RedirectRecord) => r.status !== 410 && isInternal(r.to);
  if (leads(redirect) && pathOf(redirect.to) === from) return "loop";
  if (pagePaths.has(from)) return "page-path";
  const byFrom = new Map(others.filter((r) => pathOf(r.from) !== from).map((r) => [pathOf(r.from), r]));
  if (leads(redirect)) {
    let next = byFrom.get(pathOf(redirect.to));
    if (next) {
      // Walk on to say whether it comes back (a loop) or only goes on (a chain).
      const seen = new Set<string>();
      while (next && leads(next) && !seen.has(pathOf(next.from))) {
        seen.add(pathOf(next.from));
        if (pathOf(next.to) === from) return "loop";
        next = byFrom.get(pathOf(next.to));
      }
      return "chain";
    }
  }
  for (const other of byFrom.values()) if (leads(other) && pathOf(other.to) === from) return "chained-from";
  return undefined;
}

/**
 * Where links to a moved address now go: each old path to its new one, or null when the page is
 * gone (its menu items leave the menus). Applied to every `url` of header and footer blocks.
 */
export type LinkMoves = ReadonlyMap<string, string | null>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The url with its path moved, keeping its query and fragment; undefined when it names no moved path. */
function movedUrl(url: string, moves: LinkMoves): string | null | undefined {
  if (!isInternal(url)) return undefined;
  const path = pathOf(url);
  if (!moves.has(path)) return undefined;
  const target = moves.get(path);
  if (target === null || target === undefined) return null;
  return `${target}${url.slice(url.search(/[?#]|$/))}`;
}

/**
 * A copy of `value` (blocks, or anything in them) with links to moved paths following them;
 * the same object when nothing moved. A menu item (`menu_link`) to a page that is gone, or to a
 * `deleted` page's path even when it redirects (a menu entry named after a page that no longer
 * exists would land somewhere else), leaves its list, unless it heads a submenu, which keeps its
 * items (and its link follows the move). Other links follow the redirect.
 */
export function rewriteLinks<T>(value: T, moves: LinkMoves, deleted: ReadonlySet<string> = new Set()): T {
  if (moves.size === 0) return value;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      let changed = false;
      const out: unknown[] = [];
      for (const item of node) {
        if (isObject(item) && isObject(item.menu_link) && typeof item.menu_link.url === "string") {
          const moved = movedUrl(item.menu_link.url, moves);
          const ofDeleted =
            moved !== undefined && isInternal(item.menu_link.url) && deleted.has(pathOf(item.menu_link.url));
          if ((moved === null || ofDeleted) && !(Array.isArray(item.submenu) && item.submenu.length > 0)) {
            changed = true;
            continue;
          }
        }
        const next = walk(item);
        if (next !== item) changed = true;
        out.push(next);
      }
      return changed ? out : node;
    }
    if (!isObject(node)) return node;
    let out: Record<string, unknown> | undefined;
    for (const [key, child] of Object.entries(node)) {
      let next: unknown = child;
      if (key === "url" && typeof child === "string") {
        const moved = movedUrl(child, moves);
        if (moved === null) {
          out ??= { ...node };
          delete out[key];
          continue;
        }
        if (moved !== undefined) next = moved;
      } else next = walk(child);
      if (next !== child) {
        out ??= { ...node };
        out[key] = next;
      }
    }
    return out ?? node;
  };
  return walk(value) as T;
}

/** One page's move: its old paths to its new ones (a rename), or to another page's or nowhere (a deletion). */
export interface PathMove {
  from: string;
  /** The new address; null when the address is gone (410). */
  to: string | null;
}

/**
 * Applies moves inside the caller's transaction: the old addresses redirect (301) to the new
 * ones or answer 410, redirects that led to them lead straight to where they went (no chain),
 * redirects standing where the page now lives are removed, and every header, footer and footer
 * override of the site and its variants follows the links. `livePaths` are the paths pages have
 * after the write (a redirect never hides a page).
 */
export async function applyMoves(
  trx: Trx,
  siteId: string,
  moves: readonly PathMove[],
  livePaths: ReadonlySet<string>,
  origin: "rename" | "delete",
  author: Author | undefined,
  at: string,
): Promise<void> {
  const real = moves.filter((m) => m.from !== m.to);
  if (real.length === 0) return;
  const target = new Map(real.map((m) => [m.from, m.to]));
  const rows = await trx.selectFrom("redirects").select(["from_path", "doc"]).where("site_id", "=", siteId).execute();
  const writes: RedirectRecord[] = [];
  const removals: string[] = [];
  for (const row of rows) {
    const redirect = redirectRecordSchema.parse(JSON.parse(row.doc));
    if (livePaths.has(row.from_path)) {
      removals.push(row.from_path);
      continue;
    }
    if (redirect.status === 410 || !isInternal(redirect.to)) continue;
    const path = pathOf(redirect.to);
    if (!target.has(path)) continue;
    const next = target.get(path) ?? null;
    writes.push(next === null ? { ...redirect, status: 410, to: "" } : { ...redirect, to: next });
  }
  for (const move of real) {
    writes.push({
      from: move.from,
      to: move.to ?? "",
      status: move.to === null ? 410 : 301,
      origin,
      created_by: author ?? null,
      created_at: at,
    });
  }
  for (const from of removals) {
    await trx.deleteFrom("redirects").where("site_id", "=", siteId).where("from_path", "=", from).execute();
  }
  for (const redirect of writes) {
    const parsed = redirectRecordSchema.parse(redirect);
    await trx
      .insertInto("redirects")
      .values({ site_id: siteId, from_path: parsed.from, doc: JSON.stringify(parsed) })
      .onConflict((oc) => oc.columns(["site_id", "from_path"]).doUpdateSet((eb) => ({ doc: eb.ref("excluded.doc") })))
      .execute();
  }
  await followLinks(trx, siteId, target, origin === "delete" ? new Set(target.keys()) : new Set());
}

/** Rewrites the links of the site's header and footer, its variants' and every footer override. */
async function followLinks(trx: Trx, siteId: string, moves: LinkMoves, deleted: ReadonlySet<string>): Promise<void> {
  const siteRow = await trx.selectFrom("sites").select("doc").where("site_id", "=", siteId).executeTakeFirst();
  if (siteRow) {
    const site: SiteRecord = siteRecordSchema.parse(JSON.parse(siteRow.doc));
    const header = rewriteLinks(site.header, moves, deleted);
    const footer = rewriteLinks(site.footer, moves, deleted);
    if (header !== site.header || footer !== site.footer) {
      const next = { ...site, header, footer, chrome_version: site.chrome_version + 1 };
      await trx
        .updateTable("sites")
        .set({ doc: JSON.stringify(next) })
        .where("site_id", "=", siteId)
        .execute();
    }
  }
  const variants = await trx
    .selectFrom("variants")
    .select(["variant_id", "doc"])
    .where("site_id", "=", siteId)
    .execute();
  for (const row of variants) {
    const variant: VariantRecord = variantRecordSchema.parse(JSON.parse(row.doc));
    const next = {
      ...variant,
      header: variant.header && rewriteLinks(variant.header, moves, deleted),
      footer: variant.footer && rewriteLinks(variant.footer, moves, deleted),
      pages: Object.fromEntries(
        Object.entries(variant.pages).map(([id, own]) => [
          id,
          own.override?.footer
            ? { ...own, override: { ...own.override, footer: rewriteLinks(own.override.footer, moves, deleted) } }
            : own,
        ]),
      ),
    };
    if (JSON.stringify(next) !== JSON.stringify(variant)) {
      await trx
        .updateTable("variants")
        .set({ doc: JSON.stringify({ ...next, version: variant.version + 1 }) })
        .where("site_id", "=", siteId)
        .where("variant_id", "=", row.variant_id)
        .execute();
    }
  }
  // Footer overrides live in the pages themselves: rewritten in place (no new version: the page's
  // content did not change, a link in its footer followed a move).
  const pages = await trx.selectFrom("pages").select(["page_id", "doc"]).where("site_id", "=", siteId).execute();
  for (const row of pages) {
    if (!row.doc.includes('"override"')) continue;
    const page: PageRecord = pageRecordSchema.parse({ ...JSON.parse(row.doc), version: 1 });
    const footer = page.override?.footer;
    if (!footer) continue;
    const next = rewriteLinks(footer, moves, deleted);
    if (next === footer) continue;
    const doc = pageDocument({ ...page, override: { ...page.override, footer: next } });
    await trx
      .updateTable("pages")
      .set({ doc: JSON.stringify(doc) })
      .where("site_id", "=", siteId)
      .where("page_id", "=", row.page_id)
      .execute();
  }
}

/** The ways a North American number is written in text: 418 555-0142, 418-555-0142, (418) 555-0142, 418.555.0142, +1 418 555 0142. */
function phonePattern(e164: string): RegExp {
  const n = e164.replace(/^\+1/, "");
  const [a, b, c] = [n.slice(0, 3), n.slice(3, 6), n.slice(6)];
  return new RegExp(`(?:\\+?1[ .-]?)?\\(?${a}\\)?[ .-]?${b}[ .-]?${c}(?!\\d)`, "g");
}

/**
 * What a change of the site's phone or e-mail does to text that names the old one (a contact
 * block's number, a rich text's mailto link): each string with the old number (in any usual
 * spelling, `tel:` and `sms:` links included) or the old address replaced; undefined when
 * neither changed. The site's information is written once, and every block that shows it follows.
 */
export function contactRewriter(
  before: { phone: string; email: string } | undefined,
  after: { phone: string; email: string },
): (<T>(value: T) => T) | undefined {
  if (!before) return undefined;
  const phone = before.phone !== after.phone ? phonePattern(before.phone) : undefined;
  const display = `${after.phone.slice(2, 5)} ${after.phone.slice(5, 8)}-${after.phone.slice(8)}`;
  const email =
    before.email.toLowerCase() !== after.email.toLowerCase()
      ? new RegExp(before.email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi")
      : undefined;
  if (!phone && !email) return undefined;
  const text = (value: string) => {
    let next = value;
    if (phone) {
      next = next.replace(/(tel:|sms:)\+?1?\d{10}/g, (link) =>
        link.replace(/\+?1?\d{10}$/, (digits) => (phonePattern(before.phone).test(digits) ? after.phone : digits)),
      );
      next = next.replace(phone, display);
    }
    if (email) next = next.replace(email, after.email);
    return next;
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return text(node);
    if (Array.isArray(node)) {
      const out = node.map(walk);
      return out.some((v, i) => v !== node[i]) ? out : node;
    }
    if (!isObject(node)) return node;
    let out: Record<string, unknown> | undefined;
    for (const [key, child] of Object.entries(node)) {
      const next = walk(child);
      if (next !== child) {
        out ??= { ...node };
        out[key] = next;
      }
    }
    return out ?? node;
  };
  return <T>(value: T) => walk(value) as T;
}

/**
 * Rewrites, inside the caller's transaction, every page of the site (a new version of each page
 * that changed, saved by `author`), its variants and its header and footer with `rewrite`.
 * Returns the site's header and footer as rewritten (the caller writes the site record).
 */
export async function rewriteSiteContent(
  trx: Trx,
  siteId: string,
  site: Pick<SiteRecord, "header" | "footer">,
  rewrite: <T>(value: T) => T,
  author: Author | undefined,
  at: string,
): Promise<Pick<SiteRecord, "header" | "footer">> {
  const pages = await trx
    .selectFrom("pages")
    .select(["page_id", "doc", "version"])
    .where("site_id", "=", siteId)
    .execute();
  const versions = [];
  for (const row of pages) {
    const page = pageRecordSchema.parse({ ...JSON.parse(row.doc), version: row.version });
    const next = rewrite(page);
    if (next === page) continue;
    const version = row.version + 1;
    await trx
      .updateTable("pages")
      .set({ doc: JSON.stringify(pageDocument(next)), version, updated_at: at })
      .where("site_id", "=", siteId)
      .where("page_id", "=", row.page_id)
      .execute();
    versions.push({ siteId, page: { ...next, version }, version, previousDoc: row.doc, editor: author, at });
  }
  if (versions.length > 0) await recordPageVersions(trx, versions);
  const variants = await trx
    .selectFrom("variants")
    .select(["variant_id", "doc"])
    .where("site_id", "=", siteId)
    .execute();
  for (const row of variants) {
    const variant = variantRecordSchema.parse(JSON.parse(row.doc));
    const next = rewrite(variant);
    if (next === variant) continue;
    await trx
      .updateTable("variants")
      .set({ doc: JSON.stringify({ ...next, version: variant.version + 1 }) })
      .where("site_id", "=", siteId)
      .where("variant_id", "=", row.variant_id)
      .execute();
  }
  return { header: rewrite(site.header), footer: rewrite(site.footer) };
}
