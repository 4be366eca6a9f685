/** Compression of rendered documents (renderer/lib/compress.server.ts). */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressDocument, pickEncoding } from "../renderer/lib/compress.server";

const html = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Bonjour, je suis Julie.</p>".repeat(200)}</body></html>`);

describe("page compression", () => {
  it("prefers Brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBeUndefined();
    expect(pickEncoding("deflate")).toBeUndefined();
    expect(pickEncoding(null)).toBeUndefined();
  });

  it("compresses a document the client accepts, with its headers", async () => {
    for (const [accept, decode] of [
      ["gzip", zlib.gunzipSync],
      ["br", zlib.brotliDecompressSync],
    ] as const) {
      const headers = new Headers();
      const body = compressDocument(html, accept, headers);
      expect(headers.get("content-encoding")).toBe(accept);
      expect(headers.get("vary")).toBe("Accept-Encoding");
      expect(Number(headers.get("content-length"))).toBe(body.byteLength);
      expect(body.byteLength).toBeLessThan(html.byteLength / 4);
      expect(decode(body).equals(html)).toBe(true);
    }
  });

  it("sends small or unaccepted documents as they are", async () => {
    for (const [body, accept] of [
      [html, "identity"],
      [Buffer.from("<p>court</p>"), "gzip"],
    ] as const) {
      const headers = new Headers();
      expect(compressDocument(body, accept, headers)).toBe(body);
      expect(headers.get("content-encoding")).toBeNull();
      expect(headers.get("vary")).toBe("Accept-Encoding");
      expect(Number(headers.get("content-length"))).toBe(body.byteLength);
    }
  });
});
