/**
 * The optional webhook for a CRM: each lead POSTed as JSON to LEADS_WEBHOOK_URL, signed with
 * HMAC-SHA256 over `<timestamp>.<body>` with LEADS_WEBHOOK_SECRET (the receiver recomputes it
 * and refuses an old timestamp, so a captured request cannot be replayed later). The
 * delivery id header is the idempotency key: a request sent again after a crash carries
 * the same one, and the receiver keeps the first.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { leadFields } from "../../schema/lead-fields";
import type { SubmissionRecord } from "../content/stores/submissions";
import { leadsT } from "./messages";

export const SIGNATURE_HEADER = "x-courtier-signature";
export const TIMESTAMP_HEADER = "x-courtier-timestamp";
export const DELIVERY_HEADER = "x-courtier-delivery";
/** A receiver should refuse a signature older than this. */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

export const signWebhook = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

/** What a receiver does (and the tests): recompute, compare in constant time, check the age. */
export function verifyWebhookSignature(
  secret: string,
  headers: { signature?: string | null; timestamp?: string | null },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_S) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(headers.signature ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The JSON a CRM receives: the raw fields and, for display, their labels in the lead's language. */
export function webhookBody(lead: SubmissionRecord, deliveryId: string, siteName: string) {
  const locale = lead.locale === "en" ? "en" : "fr";
  const { recaptcha_response: _token, ...fields } = lead.payload;
  return {
    event: "lead.created",
    delivery_id: deliveryId,
    site: { id: lead.site_id, name: siteName },
    lead: {
      id: lead.id,
      type: lead.type,
      locale: lead.locale,
      created_at: lead.created_at,
      recipient: lead.recipient_type ? { type: lead.recipient_type, slug: lead.recipient_slug } : null,
      fields,
      consent: lead.consent,
      labelled: leadFields(lead, locale, leadsT(locale)),
    },
  };
}

export class WebhookError extends Error {}

export async function postWebhook(
  url: string,
  secret: string,
  lead: SubmissionRecord,
  deliveryId: string,
  siteName: string,
  options: { fetch?: typeof fetch; timeoutMs?: number; now?: () => number } = {},
): Promise<void> {
  const body = JSON.stringify(webhookBody(lead, deliveryId, siteName));
  const timestamp = Math.floor((options.now ?? Date.now)() / 1000);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: "POST",
      body,
      redirect: "error",
      headers: {
        "content-type": "application/json",
        "user-agent": "courtier-blocks-leads/1",
        [DELIVERY_HEADER]: deliveryId,
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
      },
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch (error) {
    throw new WebhookError(
      `webhook unreachable: ${(error as Error).name === "TimeoutError" ? "timeout" : (error as Error).message}`,
    );
  }
  // The answer's body is the CRM's business; only the status counts (and is never logged with the lead).
  await response.body?.cancel().catch(() => {});
  if (!response.ok) throw new WebhookError(`webhook answered HTTP ${response.status}`);
}
