/**
 * Who may read and change leads, in one place: a signed-in editor or admin (session cookie), or
 * an API token of one with the scope the method needs (server/auth/guard.ts). Leads are not
 * for the public site key. Editors' actions on leads go to the audit trail.
 */
import { requireEditor as requireSignedInEditor } from "../auth/guard";
import type { Principal } from "../auth/service";
import { HttpError } from "./http";
import type { RouteContext } from "./service";

/**
 * The editor making the request; 401 when nobody signed in, 403 for a token without the scope
 * or a site key naming another site.
 */
export async function requireEditor(
  ctx: Pick<RouteContext, "principal" | "request" | "site">,
  siteId: string,
): Promise<Principal> {
  if (ctx.site && ctx.site.site_id !== siteId) throw new HttpError(403, "Site key does not match this site");
  return requireSignedInEditor(ctx);
}

/** An editor's action on leads, for the audit trail. Never holds a lead's content. */
export interface AuditEntry {
  action: "lead.handled" | "lead.reopened" | "lead.deleted" | "lead.retried" | "lead.exported";
  site_id: string;
  lead_id?: string;
  /** Leads an export held. */
  count?: number;
}

/** Records an editor's action on leads in the audit trail (who, when and from where come from the request). */
export async function recordAudit(ctx: Pick<RouteContext, "audit">, entry: AuditEntry): Promise<void> {
  const { action, site_id, lead_id, count } = entry;
  await ctx.audit({
    action,
    outcome: "success",
    target: lead_id ? `${site_id}/${lead_id}` : site_id,
    details: { site_id, ...(lead_id ? { lead_id } : {}), ...(count !== undefined ? { count } : {}) },
  });
}
