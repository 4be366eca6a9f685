/**
 * Page locks over HTTP (content client, editors): the studio takes a page's lock when it
 * opens the page and renews it every minute; it lapses five minutes after the last renewal
 * (Payload's model). A second editor sees who holds it and may take it over; the first
 * learns it at its next renewal (423 with the new holder).
 */
import { z } from "zod";
import { HttpError, json, readJson } from "../http";
import type { Route, RouteContext } from "../service";
import type { PageLock } from "../stores/page-locks";

/** A lock lapses this long after its last heartbeat. */
export const LOCK_TTL_MS = 5 * 60_000;

function lockView(lock: PageLock, holder: string) {
  return {
    editor: { id: lock.editor_id, name: lock.editor_name },
    since: new Date(lock.acquired_ms).toISOString(),
    expires_at: new Date(lock.expires_ms).toISOString(),
    mine: lock.holder === holder,
  };
}

async function target(ctx: RouteContext) {
  const who = await ctx.principal();
  if (!who) throw new HttpError(401, "Sign in to the studio, or send an API token");
  const site = ctx.params.site_id ?? "";
  const page = ctx.params.page_id ?? "";
  if (!(await ctx.storage.content.getSite(site))) throw new HttpError(404, "Unknown site");
  return { who, site, page };
}

export const lockRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/locks/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const { who, site, page } = await target(ctx);
      const lock = await ctx.auth.storage.pageLocks.get(site, page, ctx.auth.now());
      return json({ lock: lock ? lockView(lock, who.holder) : null });
    },
  },
  {
    method: "POST",
    pattern: "/locks/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    maxBody: 1024,
    handler: async (ctx) => {
      const { who, site, page } = await target(ctx);
      const parsed = z
        .object({
          takeover: z.boolean().default(false),
          // Opening the page: take it from the same editor's other session (their phone, a tab of
          // a browser they closed), as the person is the same; never at a renewal, where it
          // would take it back from the device they moved to.
          own: z.boolean().default(false),
        })
        .safeParse(await readJson(ctx.request, ctx.maxBody));
      if (!parsed.success) throw new HttpError(400, "Invalid request", { takeover: "boolean", own: "boolean" });
      const holder = { holder: who.holder, editor_id: who.editor.id, editor_name: who.editor.name };
      const acquire = (takeover: boolean) =>
        ctx.auth.storage.pageLocks.acquire(site, page, holder, ctx.auth.now(), LOCK_TTL_MS, takeover);
      let result = await acquire(parsed.data.takeover);
      if (!result.ok && parsed.data.own && result.lock.editor_id === who.editor.id) result = await acquire(true);
      if (!result.ok) {
        return json(
          {
            status: "error",
            message: `${result.lock.editor_name} is editing this page`,
            lock: lockView(result.lock, who.holder),
          },
          423,
        );
      }
      if (result.took_from) {
        await ctx.audit({
          action: "page.lock-takeover",
          outcome: "success",
          target: `${site}/${page}`,
          details: { from: result.took_from.editor_name },
        });
      }
      return json({
        lock: lockView(result.lock, who.holder),
        ...(result.took_from
          ? { took_over_from: { id: result.took_from.editor_id, name: result.took_from.editor_name } }
          : {}),
      });
    },
  },
  {
    method: "DELETE",
    pattern: "/locks/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const { who, site, page } = await target(ctx);
      const released = await ctx.auth.storage.pageLocks.release(site, page, who.holder);
      return json({ status: "success", released });
    },
  },
];
