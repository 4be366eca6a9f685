/**
 * The e-mail a broker gets for each lead: in the language the visitor used on the site,
 * every field of the form, a Reply-To of the visitor (answering the e-mail writes to them),
 * and a Message-ID made from the delivery's id, so a message sent again after a crash is
 * the same message to every mail program. Sent with nodemailer over SMTP_URL.
 */
import nodemailer from "nodemailer";
import type { Locale } from "../../schema/common";
import { formatLeadDate, leadFields, leadName } from "../../schema/lead-fields";
import type { Config } from "../config";
import type { SubmissionRecord } from "../content/stores/submissions";
import { leadsT } from "./messages";

export interface LeadEmail {
  from: { name: string; address: string };
  to: string[];
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Header-safe text: no line breaks (nodemailer encodes the rest). */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function composeLeadEmail(
  lead: SubmissionRecord,
  options: {
    siteName: string;
    from: string;
    to: readonly string[];
    deliveryId: string;
    /** The lead in the studio's inbox, when the public origin is known. */
    inboxUrl?: string;
  },
): LeadEmail {
  const locale: Locale = lead.locale === "en" ? "en" : "fr";
  const t = leadsT(locale);
  const type = t(`leads.types.${lead.type}`, { defaultValue: lead.type });
  const name = oneLine(leadName(lead)) || type;
  const date = formatLeadDate(lead.created_at, locale);
  const fields = leadFields(lead, locale, t);
  const visitorEmail = String(lead.payload.email ?? "").trim();
  const domain = options.from.split("@")[1] ?? "localhost";

  const intro = t("leads.email.intro", { type, date });
  const reply = EMAIL_PATTERN.test(visitorEmail) ? t("leads.email.reply", { name }) : "";
  const footer = t("leads.email.footer");
  // French puts a space before the colon.
  const colon = locale === "fr" ? "\u00a0: " : ": ";
  const inbox = options.inboxUrl ? `${t("leads.email.inbox")}${colon}${options.inboxUrl}` : "";

  const text = [intro, "", ...fields.map((f) => `${f.label}${colon}${f.value}`), "", reply, inbox, "", `-- `, footer]
    .filter((line, i, all) => line !== "" || all[i - 1] !== "")
    .join("\n");

  const rows = fields
    .map(
      (f) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;color:#444">${escapeHtml(f.label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(f.value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;font-size:15px;color:#1f2933">
<p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse">${rows}</table>
${reply ? `<p>${escapeHtml(reply)}</p>` : ""}
${options.inboxUrl ? `<p><a href="${escapeHtml(options.inboxUrl)}">${escapeHtml(t("leads.email.inbox"))}</a></p>` : ""}
<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p>
</body></html>`;

  return {
    from: { name: oneLine(options.siteName), address: options.from },
    to: [...options.to],
    ...(reply ? { replyTo: { name, address: visitorEmail } } : {}),
    subject: oneLine(t("leads.email.subject", { type, name })),
    text,
    html,
    messageId: `<${options.deliveryId}@${domain}>`,
    headers: { "X-Courtier-Lead": lead.id, "X-Courtier-Delivery": options.deliveryId },
  };
}

export interface Mailer {
  send(message: LeadEmail): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL: a small pool of connections, with timeouts so a dead server fails an attempt. */
export function createMailer(config: Config): Mailer | undefined {
  if (!config.SMTP_URL) return undefined;
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Nothing identifying is logged: nodemailer's own logger stays off.
    logger: false,
  } as Parameters<typeof nodemailer.createTransport>[0] & { pool: true });
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
      });
    },
    close() {
      transport.close();
    },
  };
}
