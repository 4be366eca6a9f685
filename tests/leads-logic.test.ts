/** Lead logic without a server: CSV export escaping, webhook signatures, retry backoff, safe log text, TRUST_PROXY. */

import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, compileTrust } from "../server/client-address";
import { parseTrustProxy } from "../server/config";
import { BOM, csvCell, csvFile, leadsCsv } from "../server/leads/csv";
import { MAX_RETRY_DELAY_MS, retryDelay, safeError } from "../server/leads/delivery";
import { leadsT } from "../server/leads/messages";
import { signWebhook, verifyWebhookSignature } from "../server/leads/webhook";

describe("CSV export", () => {
  it("quotes every field, doubling its quotes (RFC 4180)", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('dit "bonjour"')).toBe('"dit ""bonjour"""');
    expect(csvCell("ligne 1\nligne 2")).toBe('"ligne 1\nligne 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it("neutralises formulas at the start of a cell and after any separator a spreadsheet may split on", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("+1 514 555-0199")).toBe('"\'+1 514 555-0199"');
    expect(csvCell("-2+3")).toBe('"\'-2+3"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    expect(csvCell("\tcmd")).toBe('"\'\tcmd"');
    expect(csvCell("a=b")).toBe('"a=b"');
    // Split on ";" (French-Canadian settings), on "," or at a line break, no cell starts with a formula.
    expect(csvCell("Roy;=2+5")).toBe('"Roy;\'=2+5"');
    expect(csvCell("Roy,+cmd|x")).toBe('"Roy,\'+cmd|x"');
    expect(csvCell("ligne\n@SUM(A1)")).toBe('"ligne\n\'@SUM(A1)"');
    expect(csvCell("a;;-1")).toBe('"a;;\'-1"');
    expect(csvCell("Jean-Pierre; Roy")).toBe('"Jean-Pierre; Roy"');
  });

  it("starts with a UTF-8 byte order mark and ends each record with CRLF", () => {
    const file = csvFile(["Nom", "Courriel"], [["Éloïse Côté", "e@example.com"]]);
    expect(file.startsWith(BOM)).toBe(true);
    expect(Buffer.from(file, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.slice(1)).toBe('"Nom","Courriel"\r\n"Éloïse Côté","e@example.com"\r\n');
  });

  it("exports leads with translated headers and values, every form's fields", () => {
    const csv = leadsCsv(
      [
        {
          id: "l1",
          status: "handled",
          type: "property_alert",
          locale: "fr",
          created_at: "2026-11-01T16:05:00.000Z",
          payload: {
            full_name: "=cmd|' /C calc'!A0",
            email: "a@example.com",
            budget_max: "Infinity",
            consent_email: "yes",
          },
          consent: { email: { given_at: "2026-11-01T16:05:00.000Z", text: "J'accepte" } },
        },
      ],
      "fr",
      leadsT("fr"),
    );
    const [header, row] = csv.slice(1).split("\r\n");
    expect(header).toContain("Reçue");
    expect(header).toContain(leadsT("fr")("leads.fields.budget_max"));
    expect(row).toContain("'=cmd|' /C calc'!A0");
    // Québec time: standard time again since that morning.
    expect(row).toContain("2026-11-01 11:05");
    expect(row).toContain(leadsT("fr")("leads.statuses.handled"));
    expect(row).toContain(leadsT("fr")("leads.values.no_limit"));
  });
});

describe("webhook signature", () => {
  const body = JSON.stringify({ lead: { id: "l1" } });
  const now = 1_800_000_000;
  it("verifies its own signature and refuses another secret, another body or an old timestamp", () => {
    const signature = signWebhook("secret-0123456789", now, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    const check = (secret: string, b: string, ts: number, at = now) =>
      verifyWebhookSignature(secret, { signature, timestamp: String(ts) }, b, at);
    expect(check("secret-0123456789", body, now)).toBe(true);
    expect(check("other-secret-0000", body, now)).toBe(false);
    expect(check("secret-0123456789", `${body} `, now)).toBe(false);
    expect(check("secret-0123456789", body, now + 1)).toBe(false);
    expect(check("secret-0123456789", body, now, now + 301)).toBe(false);
  });
});

describe("retries", () => {
  it("doubles the wait after each failed attempt, at most 6 hours, with a little jitter", () => {
    const base = 30_000;
    expect(retryDelay(1, base, () => 0)).toBe(30_000);
    expect(retryDelay(2, base, () => 0)).toBe(60_000);
    expect(retryDelay(5, base, () => 0)).toBe(480_000);
    expect(retryDelay(40, base, () => 0)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay(2, base, () => 1)).toBe(66_000);
  });

  it("keeps no e-mail address in an error it logs", () => {
    expect(safeError(new Error("550 <marie@example.com>: mailbox\nunavailable"))).toBe(
      "550 <<address>>: mailbox unavailable",
    );
  });
});

describe("TRUST_PROXY", () => {
  it("reads Express's trust proxy values and refuses anything else", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("loopback, 10.0.0.0/8, 2001:db8::1")).toEqual(["loopback", "10.0.0.0/8", "2001:db8::1"]);
    expect(parseTrustProxy("10.0.0.0/33")).toMatch(/not an address/);
    expect(parseTrustProxy("proxy.example")).toMatch(/not an address/);
  });
});

describe("client address behind proxies", () => {
  const request = (peer: string, forwarded?: string) =>
    ({
      socket: { remoteAddress: peer },
      connection: { remoteAddress: peer },
      headers: forwarded ? { "x-forwarded-for": forwarded } : {},
    }) as unknown as IncomingMessage;

  it("is the socket's peer unless TRUST_PROXY trusts it; then the first untrusted forwarded address", () => {
    const visitor = request("127.0.0.1", "198.51.100.7, 203.0.113.9");
    expect(clientAddress(visitor, compileTrust(false))).toBe("127.0.0.1");
    expect(clientAddress(visitor, compileTrust(["loopback"]))).toBe("203.0.113.9");
    expect(clientAddress(visitor, compileTrust(["loopback", "203.0.113.0/24"]))).toBe("198.51.100.7");
    expect(clientAddress(visitor, compileTrust(1))).toBe("203.0.113.9");
    // A visitor reaching the server directly cannot choose a bucket with the header.
    expect(clientAddress(request("198.51.100.50", "1.2.3.4"), compileTrust(["loopback"]))).toBe("198.51.100.50");
  });
});
