/**
 * Who may read and change leads: one place, so that editor accounts and sessions (issue
 * 18) replace the shared editor key here and every lead route follows. Today the route
 * context's `editor` flag says the request carried EDITOR_KEY.
 */
import { HttpError } from "./http";
import type { RouteContext } from "./service";

/** Throws 401 unless the request is an editor's; 403 when its site key names another site. */
export function requireEditor(ctx: Pick<RouteContext, "editor" | "site">, siteId: string): void {
  if (!ctx.editor) throw new HttpError(401, "Reading leads needs an editor");
  if (ctx.site && ctx.site.site_id !== siteId) throw new HttpError(403, "Site key does not match this site");
}

/** An editor's action on leads, for the audit trail. Never holds a lead's content. */
export interface AuditEntry {
  action: "lead.handled" | "lead.reopened" | "lead.deleted" | "lead.retried" | "leads.exported";
  site_id: string;
  lead_id?: string;
  /** Leads an export held. */
  count?: number;
}

/** The audit trail's entry point; the store of editor accounts provides it. */
export interface AuditHook {
  record(entry: AuditEntry, ctx: Pick<RouteContext, "request" | "editor">): Promise<void>;
}

/** Records an action when an audit trail is configured (ContentStores.audit). */
export async function recordAudit(ctx: Pick<RouteContext, "request" | "editor" | "stores">, entry: AuditEntry) {
  await ctx.stores.audit?.record(entry, ctx);
}
