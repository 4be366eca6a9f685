/**
 * Authorisation inside a route handler, for the checks a route's `access` cannot say alone
 * (e.g. the leads inbox: editors and admins read and handle leads). `access: "editor"` on the
 * route already refuses anonymous calls with 401; these helpers return the principal and
 * throw the same answers, so a handler can be written either way.
 */
import { HttpError } from "../content/http";
import type { RouteContext } from "../content/service";
import type { Principal } from "./service";

type Ctx = Pick<RouteContext, "principal" | "request">;

/** A signed-in editor or admin (session, or API token with the scope the method needs). */
export async function requireEditor(ctx: Ctx, scope?: "read" | "write"): Promise<Principal> {
  const who = await ctx.principal();
  if (!who) throw new HttpError(401, "Sign in to the studio, or send an API token");
  const needed = scope ?? (ctx.request.method === "GET" || ctx.request.method === "HEAD" ? "read" : "write");
  if (!who.scopes.includes(needed)) throw new HttpError(403, `This token lacks the ${needed} scope`);
  return who;
}
