/**
 * The studio's calls that run a site (issue 29), content client only: the site's header and
 * footer, its information and theme (with the theme's versions), its redirects (CSV both ways)
 * and its variants (their pages, header and footer, and which one is active).
 *
 * Who may: editors manage the header and footer, menus, redirects and variants; the site's
 * information and theme are an administrator's, in sudo mode (docs/decisions.md, "Who runs the
 * site"). Every write is parsed with zod (400 with `errors` by field), checked against the
 * version it was edited from (409), recorded in the audit trail, and holds blocks only as the
 * page save does: migrated to their schema versions, an editor's new embed code refused (403).
 */
import { z } from "zod";
import { newEmbedCode } from "../../../schema/blocks/embeds";
import { MAX_INT32 } from "../../../schema/common";
import { migrateStoredBlocks } from "../../../schema/parse";
import { redirectInputSchema, variantInputSchema } from "../../../schema/site-admin";
import { siteInfoSchema } from "../../../schema/site-info";
import { slugify } from "../../../schema/site-routes";
import { themeSchema } from "../../../schema/theme";
import { fieldErrors, HttpError, json, readBody, readJson } from "../http";
import { redirectsCsv, redirectsFromCsv } from "../redirects-csv";
import type { Route, RouteContext } from "../service";
import {
  type Author,
  type RedirectRecord,
  UnknownVariant,
  type VariantRecord,
  type VersionedWrite,
  variantIdSchema,
  variantPageSchema,
} from "../stores/content";

const versionSchema = z.number().int().positive("version").max(MAX_INT32, "version");
const blocksSchema = z.array(z.unknown()).max(200, "too-many");

/** The site a call names, known to the store: 404 otherwise (the dispatcher already refused another site's key). */
async function siteOf(ctx: Pick<RouteContext, "params" | "storage">) {
  const site = await ctx.storage.content.getSite(ctx.params.site_id ?? "");
  if (!site) throw new HttpError(404, "Unknown site");
  return site;
}

async function body<T extends z.ZodType>(ctx: RouteContext, schema: T, what: string): Promise<z.output<T>> {
  const parsed = schema.safeParse(await readJson(ctx.request, ctx.maxBody));
  if (!parsed.success) throw new HttpError(400, `Invalid ${what}`, fieldErrors(parsed.error));
  return parsed.data;
}

async function authorOf(ctx: RouteContext): Promise<Author & { admin: boolean }> {
  const who = (await ctx.principal())!;
  return { id: who.editor.id, name: who.editor.name, admin: who.editor.role === "admin" };
}

/**
 * An editor's write that adds or changes embedded code is refused as the page save refuses it
 * (docs/security.md: embedded code is an administrator's right); undefined when it may go on.
 */
async function refuseEmbeds(
  ctx: RouteContext,
  before: readonly unknown[],
  after: readonly unknown[],
  action: string,
  target: string,
): Promise<Response | undefined> {
  const author = await authorOf(ctx);
  if (author.admin) return undefined;
  const added = newEmbedCode(before, after);
  if (added.length === 0) return undefined;
  await ctx.audit({ action, outcome: "failure", target, details: { reason: "embed-admin-only", blocks: added } });
  return json(
    {
      status: "error",
      code: "embed_admin_only",
      message: "Only an administrator can add or change embedded code (HTML and scripts)",
      blocks: added,
    },
    403,
  );
}

/**
 * A footer must keep the mentions OACIQ requires of a broker's advertising: a footer block, and,
 * until the site's information writes them into it, its licence and agency in both languages.
 */
export function footerProblem(footer: readonly unknown[], hasInfo: boolean): string | undefined {
  const blocks = footer.filter(
    (b): b is { block_type: string; fields?: Record<string, Record<string, unknown> | undefined> } =>
      !!b &&
      typeof b === "object" &&
      typeof (b as { block_type?: unknown }).block_type === "string" &&
      (b as { block_type: string }).block_type.startsWith("footer_"),
  );
  if (blocks.length === 0) return "oaciq-footer";
  if (hasInfo) return undefined;
  const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";
  const complete = blocks.some((b) =>
    (["fr", "en"] as const).every((l) => filled(b.fields?.[l]?.licence) && filled(b.fields?.[l]?.agency_name)),
  );
  return complete ? undefined : "oaciq-mentions";
}

/** The answer to a versioned write that did not happen. */
function refused(result: Exclude<VersionedWrite, { ok: true }>, what: string): Response {
  if (result.reason === "not-found") throw new HttpError(404, `Unknown ${what}`);
  return json({ status: "error", message: `The ${what} changed since you opened it`, version: result.version }, 409);
}

/**
 * A versioned write of the whole site (its information, its theme) by the signed-in editor:
 * audited either way (a conflict as a failure), the site's caches told, its new version answered.
 */
async function answerSiteWrite(
  ctx: RouteContext,
  siteId: string,
  action: "settings.info" | "settings.theme",
  what: string,
  write: (author: { id: string; name: string }) => Promise<VersionedWrite>,
): Promise<Response> {
  const author = await authorOf(ctx);
  const result = await write({ id: author.id, name: author.name });
  if (!result.ok) {
    if (result.reason === "conflict")
      await ctx.audit({ action, outcome: "failure", target: siteId, details: { reason: "conflict" } });
    return refused(result, what);
  }
  await ctx.audit({ action, outcome: "success", target: siteId, details: { version: result.version } });
  ctx.changed({ siteId });
  return json({ status: "success", version: result.version });
}

/** A header and footer to publish, from the version they were edited from. */
export const chromeBodySchema = z
  .object({ header: blocksSchema, footer: blocksSchema, base_version: versionSchema })
  .strict();

/** Saves a header and footer (the site's, or a variant's), held to every rule of a block save. */
async function saveChrome(ctx: RouteContext, variantId?: string): Promise<Response> {
  const site = await siteOf(ctx);
  const input = await body(ctx, chromeBodySchema, "header and footer");
  const header = migrateStoredBlocks(input.header);
  const footer = migrateStoredBlocks(input.footer);
  const problem = footerProblem(footer, site.info !== undefined);
  if (problem) throw new HttpError(400, "The footer must keep the OACIQ mentions", { footer: problem });
  const content = ctx.storage.content;
  const variant = variantId === undefined ? undefined : await content.getVariant(site.site_id, variantId);
  if (variantId !== undefined && !variant) throw new HttpError(404, "Unknown variant");
  const target = variantId === undefined ? site.site_id : `${site.site_id}/${variantId}`;
  const action = variantId === undefined ? "settings.chrome" : "variant.chrome";
  const before = [...(variant?.header ?? site.header), ...(variant?.footer ?? site.footer)];
  const embeds = await refuseEmbeds(ctx, before, [...header, ...footer], action, target);
  if (embeds) return embeds;
  const result =
    variantId === undefined
      ? await content.saveChrome(site.site_id, { header, footer }, input.base_version)
      : await content.saveVariant(site.site_id, variantId, input.base_version, (current) => ({
          ...(current as VariantRecord),
          header,
          footer,
        }));
  if (!result.ok) {
    if (result.reason === "conflict")
      await ctx.audit({ action, outcome: "failure", target, details: { reason: "conflict" } });
    return refused(result, variantId === undefined ? "site's header and footer" : "variant");
  }
  await ctx.audit({ action, outcome: "success", target, details: { version: result.version } });
  ctx.changed({ siteId: site.site_id });
  return json({ status: "success", version: result.version });
}

const redirectEditSchema = z.object({ replacing: z.string().max(500, "too-long"), redirect: z.unknown() }).strict();
const redirectDeleteSchema = z.object({ from: z.string().min(1, "required").max(500, "too-long") }).strict();

/** The answer when a redirect breaks a rule: the message names the rule, the field says where. */
function redirectRefused(reason: string): Response {
  const field = reason === "loop" || reason === "chain" ? "to" : "from";
  const status = reason === "not-found" ? 404 : 409;
  return json(
    { status: "error", code: reason, message: `Redirect refused: ${reason}`, errors: { [field]: reason } },
    status,
  );
}

function redirectRecord(input: z.output<typeof redirectInputSchema>, author: Author, origin: "manual" | "import") {
  return {
    ...input,
    origin,
    created_by: { id: author.id, name: author.name },
    created_at: new Date().toISOString(),
  } satisfies RedirectRecord;
}

const variantCreateSchema = variantInputSchema.extend({ variant_id: variantIdSchema.optional() });
const variantUpdateSchema = variantInputSchema.extend({ base_version: versionSchema });
const variantPageBodySchema = z
  .object({
    content: blocksSchema,
    title: z.object({ fr: z.string().max(200), en: z.string().max(200) }).optional(),
    override: variantPageSchema.shape.override,
    base_version: versionSchema,
  })
  .strict();
const activeVariantSchema = z.object({ variant_id: variantIdSchema.nullable(), base_version: versionSchema }).strict();

/** The variant a call names, or 404. */
async function variantOf(ctx: RouteContext) {
  const site = await siteOf(ctx);
  const id = variantIdSchema.safeParse(ctx.params.variant_id);
  const variant = id.success ? await ctx.storage.content.getVariant(site.site_id, id.data) : undefined;
  if (!variant) throw new HttpError(404, "Unknown variant");
  return { site, variant };
}

export const siteRoutes: Route[] = [
  {
    // Everything the studio edits site-wide, with the versions its writes must name.
    method: "GET",
    pattern: "/sites/:site_id/settings",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      return json({
        name: site.name,
        info: site.info ?? null,
        info_version: site.info_version,
        header: site.header,
        footer: site.footer,
        chrome_version: site.chrome_version,
        theme: site.theme,
        theme_version: site.theme_version,
        active_variant_id: site.active_variant_id ?? null,
      });
    },
  },
  {
    method: "PUT",
    pattern: "/sites/:site_id/chrome",
    clients: ["content"],
    access: "editor",
    maxBody: 2_000_000,
    handler: (ctx) => saveChrome(ctx),
  },
  {
    method: "PUT",
    pattern: "/sites/:site_id/info",
    clients: ["content"],
    access: "admin",
    sudo: true,
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      const input = await body(
        ctx,
        z.object({ info: siteInfoSchema, base_version: versionSchema }).strict(),
        "site information",
      );
      return answerSiteWrite(ctx, site.site_id, "settings.info", "site information", (author) =>
        ctx.storage.content.saveSiteInfo(site.site_id, input.info, input.base_version, author),
      );
    },
  },
  {
    method: "PUT",
    pattern: "/sites/:site_id/theme",
    clients: ["content"],
    access: "admin",
    sudo: true,
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      const input = await body(
        ctx,
        z.object({ theme: themeSchema.strict(), base_version: versionSchema }).strict(),
        "theme",
      );
      return answerSiteWrite(ctx, site.site_id, "settings.theme", "theme", (author) =>
        ctx.storage.content.publishTheme(site.site_id, input.theme, input.base_version, author),
      );
    },
  },
  {
    method: "GET",
    pattern: "/sites/:site_id/theme/versions",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      return json({ versions: await ctx.storage.content.listThemeVersions(site.site_id) });
    },
  },
  {
    method: "PUT",
    pattern: "/sites/:site_id/active-variant",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      const input = await body(ctx, activeVariantSchema, "active variant");
      let result: VersionedWrite;
      try {
        result = await ctx.storage.content.setActiveVariant(site.site_id, input.variant_id, input.base_version);
      } catch (error) {
        if (error instanceof UnknownVariant)
          throw new HttpError(400, "Unknown variant", { variant_id: "unknown-variant" });
        throw error;
      }
      if (!result.ok) return refused(result, "site's header and footer");
      await ctx.audit({
        action: "variant.activate",
        outcome: "success",
        target: site.site_id,
        details: { variant_id: input.variant_id },
      });
      ctx.changed({ siteId: site.site_id });
      return json({ status: "success", version: result.version });
    },
  },

  // ---- redirects ----
  {
    // Every redirect of the site; `?format=csv` as a file for a spreadsheet.
    method: "GET",
    pattern: "/redirects/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const query = z
        .object({ format: z.enum(["json", "csv"]).optional() })
        .strict()
        .safeParse(Object.fromEntries(ctx.url.searchParams));
      if (!query.success) throw new HttpError(400, "Invalid query", fieldErrors(query.error));
      const site = await siteOf(ctx);
      const redirects = await ctx.storage.content.listRedirects(site.site_id);
      if (query.data.format !== "csv") return json({ redirects });
      return new Response(redirectsCsv(redirects), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="redirects-${site.site_id}.csv"`,
          "cache-control": "no-store",
        },
      });
    },
  },
  {
    method: "POST",
    pattern: "/redirects/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      const input = await body(ctx, redirectInputSchema, "redirect");
      const author = await authorOf(ctx);
      const result = await ctx.storage.content.saveRedirect(site.site_id, redirectRecord(input, author, "manual"));
      const target = `${site.site_id}${input.from}`;
      if (!result.ok) {
        await ctx.audit({ action: "redirect.create", outcome: "failure", target, details: { reason: result.reason } });
        return redirectRefused(result.reason);
      }
      await ctx.audit({
        action: "redirect.create",
        outcome: "success",
        target,
        details: { to: input.to, status: input.status },
      });
      ctx.changed({ siteId: site.site_id });
      return json({ status: "success" }, 201);
    },
  },
  {
    // Changes a redirect (its address too): `replacing` names the one edited.
    method: "PUT",
    pattern: "/redirects/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      const edit = await body(ctx, redirectEditSchema, "redirect");
      const parsed = redirectInputSchema.safeParse(edit.redirect);
      if (!parsed.success) throw new HttpError(400, "Invalid redirect", fieldErrors(parsed.error));
      const author = await authorOf(ctx);
      const result = await ctx.storage.content.saveRedirect(
        site.site_id,
        redirectRecord(parsed.data, author, "manual"),
        edit.replacing,
      );
      const target = `${site.site_id}${edit.replacing}`;
      if (!result.ok) {
        await ctx.audit({ action: "redirect.update", outcome: "failure", target, details: { reason: result.reason } });
        return redirectRefused(result.reason);
      }
      await ctx.audit({
        action: "redirect.update",
        outcome: "success",
        target,
        details: { from: parsed.data.from, to: parsed.data.to, status: parsed.data.status },
      });
      ctx.changed({ siteId: site.site_id });
      return json({ status: "success" });
    },
  },
  {
    method: "DELETE",
    pattern: "/redirects/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      const input = await body(ctx, redirectDeleteSchema, "redirect");
      if (!(await ctx.storage.content.deleteRedirect(site.site_id, input.from)))
        throw new HttpError(404, "Unknown redirect");
      await ctx.audit({ action: "redirect.delete", outcome: "success", target: `${site.site_id}${input.from}` });
      ctx.changed({ siteId: site.site_id });
      return json({ status: "success" });
    },
  },
  {
    // A CSV file of redirects (from, to, status): all of them or none, each refusal by its line.
    method: "POST",
    pattern: "/redirects/:site_id/import",
    clients: ["content"],
    access: "editor",
    maxBody: 1_000_000,
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      const text = new TextDecoder("utf-8", { fatal: false }).decode(await readBody(ctx.request, ctx.maxBody));
      if (text.includes("\u0000")) throw new HttpError(400, "The file may not hold a NUL character");
      const read = redirectsFromCsv(text);
      if ("problem" in read) throw new HttpError(400, "Unreadable CSV file", { file: read.problem });
      if (read.rows.length > 5000) throw new HttpError(400, "Too many redirects in one file", { file: "too-many" });
      const author = await authorOf(ctx);
      const errors: Record<string, string> = {};
      const records: RedirectRecord[] = [];
      for (const row of read.rows) {
        const parsed = redirectInputSchema.safeParse({
          from: row.from,
          to: row.to,
          status: row.status === "" ? 301 : Number(row.status),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          errors[`line ${row.line}`] = `${issue?.path.join(".") || "row"}: ${issue?.message ?? "invalid"}`;
        } else records.push(redirectRecord(parsed.data, author, "import"));
      }
      if (Object.keys(errors).length > 0) throw new HttpError(400, "Some lines cannot be imported", errors);
      const result = await ctx.storage.content.importRedirects(site.site_id, records);
      if (!result.ok) {
        const byLine = Object.fromEntries(result.errors.map((e) => [`line ${read.rows[e.index]!.line}`, e.reason]));
        await ctx.audit({
          action: "redirect.import",
          outcome: "failure",
          target: site.site_id,
          details: { lines: read.rows.length },
        });
        return json({ status: "error", message: "Some lines cannot be imported", errors: byLine }, 409);
      }
      await ctx.audit({
        action: "redirect.import",
        outcome: "success",
        target: site.site_id,
        details: { count: result.count },
      });
      ctx.changed({ siteId: site.site_id });
      return json({ status: "success", count: result.count });
    },
  },

  // ---- variants ----
  {
    method: "GET",
    pattern: "/variants/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      const variants = await ctx.storage.content.listVariants(site.site_id);
      return json({ variants, active_variant_id: site.active_variant_id ?? null, chrome_version: site.chrome_version });
    },
  },
  {
    // A new variant: its id from its name unless given (it travels in links: `?variant=`).
    method: "POST",
    pattern: "/variants/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const site = await siteOf(ctx);
      const input = await body(ctx, variantCreateSchema, "variant");
      const id = input.variant_id ?? slugify(input.name, 48);
      if (!variantIdSchema.safeParse(id).success) throw new HttpError(400, "Invalid variant", { name: "variant-id" });
      const result = await ctx.storage.content.saveVariant(site.site_id, id, undefined, () => ({
        variant_id: id,
        name: input.name,
        color: input.color,
        version: 1,
        pages: {},
      }));
      const target = `${site.site_id}/${id}`;
      if (!result.ok) {
        if (result.reason === "conflict")
          throw new HttpError(409, "A variant already has this name", { name: "variant-taken" });
        throw new HttpError(404, "Unknown site");
      }
      await ctx.audit({ action: "variant.create", outcome: "success", target, details: { name: input.name } });
      ctx.changed({ siteId: site.site_id });
      return json({ status: "success", variant_id: id, version: result.version }, 201);
    },
  },
  {
    method: "PUT",
    pattern: "/variants/:site_id/:variant_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const { site, variant } = await variantOf(ctx);
      const input = await body(ctx, variantUpdateSchema, "variant");
      const result = await ctx.storage.content.saveVariant(
        site.site_id,
        variant.variant_id,
        input.base_version,
        (c) => ({
          ...(c as VariantRecord),
          name: input.name,
          color: input.color,
        }),
      );
      if (!result.ok) return refused(result, "variant");
      await ctx.audit({
        action: "variant.update",
        outcome: "success",
        target: `${site.site_id}/${variant.variant_id}`,
        details: { name: input.name, color: input.color },
      });
      ctx.changed({ siteId: site.site_id });
      return json({ status: "success", version: result.version });
    },
  },
  {
    method: "DELETE",
    pattern: "/variants/:site_id/:variant_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const { site, variant } = await variantOf(ctx);
      await ctx.storage.content.deleteVariant(site.site_id, variant.variant_id);
      await ctx.audit({
        action: "variant.delete",
        outcome: "success",
        target: `${site.site_id}/${variant.variant_id}`,
      });
      ctx.changed({ siteId: site.site_id });
      return json({ status: "success" });
    },
  },
  {
    // A variant's own content of one page (its blocks, title and footer override).
    method: "PUT",
    pattern: "/variants/:site_id/:variant_id/pages/:page_id",
    clients: ["content"],
    access: "editor",
    maxBody: 8_000_000,
    handler: async (ctx) => {
      const { site, variant } = await variantOf(ctx);
      const page = await ctx.storage.content.getPage(site.site_id, ctx.params.page_id ?? "");
      if (!page) throw new HttpError(404, "Unknown page");
      const input = await body(ctx, variantPageBodySchema, "variant page");
      const content = migrateStoredBlocks(input.content);
      const footer = input.override?.footer && migrateStoredBlocks(input.override.footer);
      if (footer) {
        const problem = footerProblem(footer, site.info !== undefined);
        if (problem) throw new HttpError(400, "The footer must keep the OACIQ mentions", { footer: problem });
      }
      const own = variant.pages[page.page_id];
      const before = [...(own?.content ?? page.content), ...((own?.override ?? page.override)?.footer ?? [])];
      const target = `${site.site_id}/${variant.variant_id}/${page.page_id}`;
      const embeds = await refuseEmbeds(ctx, before, [...content, ...(footer ?? [])], "variant.page", target);
      if (embeds) return embeds;
      const result = await ctx.storage.content.saveVariantPage(
        site.site_id,
        variant.variant_id,
        page.page_id,
        {
          content,
          ...(input.title ? { title: input.title } : {}),
          ...(input.override ? { override: { ...input.override, ...(footer ? { footer } : {}) } } : {}),
        },
        input.base_version,
      );
      if (!result.ok) {
        if (result.reason === "conflict")
          await ctx.audit({ action: "variant.page", outcome: "failure", target, details: { reason: "conflict" } });
        return refused(result, "variant");
      }
      await ctx.audit({ action: "variant.page", outcome: "success", target, details: { version: result.version } });
      ctx.changed({ siteId: site.site_id, pageId: page.page_id });
      return json({ status: "success", version: result.version });
    },
  },
  {
    // The page shows its default content again in this variant.
    method: "DELETE",
    pattern: "/variants/:site_id/:variant_id/pages/:page_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const { site, variant } = await variantOf(ctx);
      const input = await body(ctx, z.object({ base_version: versionSchema }).strict(), "variant page");
      const pageId = ctx.params.page_id ?? "";
      if (!(pageId in variant.pages)) throw new HttpError(404, "This variant has no content of its own for this page");
      const result = await ctx.storage.content.saveVariantPage(
        site.site_id,
        variant.variant_id,
        pageId,
        null,
        input.base_version,
      );
      if (!result.ok) return refused(result, "variant");
      await ctx.audit({
        action: "variant.page",
        outcome: "success",
        target: `${site.site_id}/${variant.variant_id}/${pageId}`,
        details: { reset: true },
      });
      ctx.changed({ siteId: site.site_id, pageId });
      return json({ status: "success", version: result.version });
    },
  },
  {
    method: "PUT",
    pattern: "/variants/:site_id/:variant_id/chrome",
    clients: ["content"],
    access: "editor",
    maxBody: 2_000_000,
    handler: async (ctx) => {
      const { variant } = await variantOf(ctx);
      return saveChrome(ctx, variant.variant_id);
    },
  },
];
