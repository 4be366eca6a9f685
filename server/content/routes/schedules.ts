/**
 * Publishing later over HTTP (content client, editors; issue 33):
 *
 *  - GET    /schedules/{site}/{page}   the page's pending publish (or null), the last one made or
 *                                       failed, and the site's time zone
 *  - PUT    /schedules/{site}/{page}   { run_at, page, base_version, draft_revision?, note?, chrome? }:
 *            schedules the page as sent (with the site's header and footer when they were edited,
 *            issue 29), or moves its pending publish; a page never published (its draft only) too
 *  - DELETE /schedules/{site}/{page}   unschedules it
 *
 * Scheduling is held to the publish's rules when it is made (the page lock, embedded code) and
 * again when it runs (scheduler.ts, with the editor's role then). Every write is audited.
 */
import { z } from "zod";
import { MAX_INT32 } from "../../../schema/common";
import { fieldErrors, HttpError, json, readJson } from "../http";
import { chromeProblem, PUBLISH_NOTE_MAX, pathErrors, refusedEmbedCode } from "../publish";
import type { Route, RouteContext } from "../service";
import { pageRecordSchema } from "../stores/content";
import type { PublishJobSummary } from "../stores/publish-jobs";
import { chromeBodySchema } from "./site";

/** How far ahead a publish may be scheduled. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 3600_000;

const scheduleBodySchema = z.object({
  /** The instant to publish at (ISO 8601 with its offset: the studio converts the site's local time). */
  run_at: z.iso.datetime({ offset: true }),
  page: pageRecordSchema,
  base_version: z.number().int().nonnegative().max(MAX_INT32),
  draft_revision: z.number().int().positive().max(MAX_INT32).optional(),
  note: z.string().trim().max(PUBLISH_NOTE_MAX).optional(),
  chrome: chromeBodySchema.optional(),
});

/** A job as the studio reads it. */
export function scheduleView(job: PublishJobSummary) {
  return {
    id: job.id,
    run_at: new Date(job.run_at_ms).toISOString(),
    state: job.state,
    editor: job.editor,
    note: job.note,
    base_version: job.base_version,
    created_at: job.created_at,
    finished_at: job.finished_at,
    version: job.result_version,
    error: job.error,
  };
}

async function target(ctx: RouteContext) {
  const who = await ctx.principal();
  if (!who) throw new HttpError(401, "Sign in to the studio, or send an API token");
  const siteId = ctx.params.site_id ?? "";
  const pageId = ctx.params.page_id ?? "";
  const site = await ctx.storage.content.getSite(siteId);
  if (!site) throw new HttpError(404, "Unknown site");
  // A page never published is known by its draft (issue 29's new pages): it may be scheduled too.
  const known =
    (await ctx.storage.content.getPage(siteId, pageId)) !== undefined ||
    (await ctx.storage.drafts.summary(siteId, pageId)) !== undefined;
  if (!known) throw new HttpError(404, "Unknown page");
  return { who, siteId, pageId, timeZone: site.time_zone };
}

/** The answer refusing a schedule while another editor holds the page, as a publish is refused. */
async function lockedBy(ctx: RouteContext, t: Awaited<ReturnType<typeof target>>) {
  const lock = await ctx.auth.storage.pageLocks.get(t.siteId, t.pageId, ctx.auth.now());
  if (!lock || lock.holder === t.who.holder) return undefined;
  return json(
    {
      status: "error",
      message: `${lock.editor_name} is editing this page`,
      lock: { editor: { id: lock.editor_id, name: lock.editor_name } },
    },
    423,
  );
}

export const scheduleRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/schedules/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const t = await target(ctx);
      const jobs = ctx.storage.publishJobs;
      const [pending, last] = await Promise.all([
        jobs.pending(t.siteId, t.pageId),
        jobs.lastFinished(t.siteId, t.pageId),
      ]);
      return json({
        schedule: pending ? scheduleView(pending) : null,
        last: last ? scheduleView(last) : null,
        time_zone: t.timeZone,
      });
    },
  },
  {
    method: "PUT",
    pattern: "/schedules/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    // The page as it will be published.
    maxBody: 8_000_000,
    handler: async (ctx) => {
      const t = await target(ctx);
      const parsed = scheduleBodySchema.safeParse(await readJson(ctx.request, ctx.maxBody));
      if (!parsed.success) throw new HttpError(400, "Invalid schedule", fieldErrors(parsed.error));
      const body = parsed.data;
      if (body.page.page_id !== t.pageId) throw new HttpError(400, "page_id does not match the URL");
      const runAt = Date.parse(body.run_at);
      const now = ctx.auth.now();
      if (runAt <= now) throw new HttpError(400, "Choose a time in the future", { run_at: "past" });
      if (runAt > now + SCHEDULE_MAX_AHEAD_MS)
        throw new HttpError(400, "Choose a time within a year", { run_at: "far" });
      const locked = await lockedBy(ctx, t);
      if (locked) return locked;
      const refused = await refusedEmbedCode(ctx.storage, t.siteId, body.page, t.who.editor);
      if (refused.length) {
        await ctx.audit({
          action: "page.schedule",
          outcome: "failure",
          target: `${t.siteId}/${t.pageId}`,
          details: { reason: "embed-admin-only", blocks: refused },
        });
        return json(
          {
            status: "error",
            code: "embed_admin_only",
            message: "Only an administrator can add or change embedded code (HTML and scripts)",
            blocks: refused,
          },
          403,
        );
      }
      if (body.chrome) {
        const problem = await chromeProblem(ctx.storage, t.siteId, body.chrome, t.who.editor);
        if (problem?.reason === "embed_admin_only") {
          return json(
            {
              status: "error",
              code: "embed_admin_only",
              message: "Only an administrator can add or change embedded code (HTML and scripts)",
              blocks: problem.blocks,
            },
            403,
          );
        }
        if (problem) throw new HttpError(400, "The footer must keep the OACIQ mentions", problem.errors);
      }
      const paths = pathErrors(body.page, await ctx.storage.content.getPage(t.siteId, t.pageId));
      if (Object.keys(paths).length > 0) throw new HttpError(400, "This path cannot be a page's", paths);
      const job = await ctx.storage.publishJobs.schedule(
        t.siteId,
        t.pageId,
        {
          run_at_ms: runAt,
          page: body.page,
          ...(body.chrome ? { chrome: body.chrome } : {}),
          base_version: body.base_version,
          draft_revision: body.draft_revision,
          note: body.note || undefined,
          editor: { id: t.who.editor.id, name: t.who.editor.name },
        },
        new Date(now),
      );
      await ctx.audit({
        action: "page.schedule",
        outcome: "success",
        target: `${t.siteId}/${t.pageId}`,
        details: { run_at: new Date(runAt).toISOString(), job: job.id },
      });
      return json({ status: "success", schedule: scheduleView(job), time_zone: t.timeZone });
    },
  },
  {
    method: "DELETE",
    pattern: "/schedules/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const t = await target(ctx);
      const locked = await lockedBy(ctx, t);
      if (locked) return locked;
      const cancelled = await ctx.storage.publishJobs.cancel(t.siteId, t.pageId, new Date(ctx.auth.now()));
      if (!cancelled) {
        const pending = await ctx.storage.publishJobs.pending(t.siteId, t.pageId);
        if (pending) return json({ status: "error", message: "The page is being published right now" }, 409);
        throw new HttpError(404, "This page has no publish scheduled");
      }
      await ctx.audit({
        action: "page.unschedule",
        outcome: "success",
        target: `${t.siteId}/${t.pageId}`,
        details: { run_at: new Date(cancelled.run_at_ms).toISOString(), job: cancelled.id },
      });
      return json({ status: "success", cancelled: scheduleView(cancelled) });
    },
  },
];
