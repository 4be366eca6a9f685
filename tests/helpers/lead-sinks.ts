/**
 * Receivers of lead deliveries for tests, on loopback: an SMTP server (the `smtp-server`
 * package) that keeps every message with its headers and decoded text, and a webhook
 * endpoint that checks the HMAC signature as a CRM would.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWebhookSignature,
} from "../../server/leads/webhook";

export interface ReceivedMail {
  headers: Record<string, string>;
  /** The text part, decoded. */
  text: string;
  raw: string;
}

/** Unfolded headers, lower-case names (the last of a repeated one wins). */
function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) out[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return out;
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** Decodes an RFC 2047 header ("=?UTF-8?Q?…?=" or "=?UTF-8?B?…?="). */
export function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

/** The text/plain part of a message, decoded. */
function textPart(raw: string): string {
  const match = /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  const block = /Content-Type: text\/plain[\s\S]*?Content-Transfer-Encoding: ([\w-]+)/i.exec(raw)?.[1]?.toLowerCase();
  const body = match?.[1] ?? "";
  if (block === "quoted-printable") return decodeQuotedPrintable(body);
  if (block === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

export interface MailSink {
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export function startMailSink(port = 0): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Connections of a killed site stay open; closing does not wait for them.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const split = raw.search(/\r?\n\r?\n/);
        messages.push({ headers: parseHeaders(raw.slice(0, split)), text: textPart(raw), raw });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      // A site killed mid-delivery resets its connections (ECONNRESET, one per pooled
      // connection): expected in the kill tests, and an 'error' without a listener would
      // be an uncaught exception in the test process.
      server.on("error", () => {});
      resolve({
        port: (server.server.address() as AddressInfo).port,
        messages,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** A free loopback port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface WebhookCall {
  deliveryId: string;
  signed: boolean;
  body: { event: string; delivery_id: string; lead: { id: string; type: string; fields: Record<string, unknown> } };
}

export interface WebhookSink {
  url: string;
  calls: WebhookCall[];
  close(): Promise<void>;
}

/** A CRM's endpoint: checks the signature (401 when wrong), keeps every call. */
export function startWebhookSink(secret: string): Promise<WebhookSink> {
  const calls: WebhookCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const signed = verifyWebhookSignature(
        secret,
        {
          signature: String(req.headers[SIGNATURE_HEADER] ?? ""),
          timestamp: String(req.headers[TIMESTAMP_HEADER] ?? ""),
        },
        raw,
      );
      calls.push({ deliveryId: String(req.headers[DELIVERY_HEADER] ?? ""), signed, body: JSON.parse(raw) });
      res.writeHead(signed ? 204 : 401).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/crm/leads`,
        calls,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** Waits until `check` is true, polling. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
