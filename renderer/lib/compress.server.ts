/**
 * Compression of a rendered document, in one synchronous call. The document is whole
 * (entry.server.tsx), so one zlib call compresses it: the compression middleware's stream cost
 * half as much again in CPU around the same deflate. The call is synchronous on purpose: for a
 * 40 KB document, zlib's asynchronous API spends as much main-thread time on its stream and
 * thread-pool hand-off (0.49 ms) as the deflate itself takes (0.46 ms), and twice the CPU in all. Each page
 * is compressed anew (its CSP nonce differs), so the levels are fast ones: gzip 3 costs half of
 * the default 6 for a page about 8% larger (/fr: 0.47 ms and 10.6 KB instead of 0.84 ms and
 * 9.8 KB), Brotli quality 3 a third of the default 4 (0.33 ms and 10.2 KB instead of 0.88 ms and
 * 9.7 KB). The middleware (server/app.ts) keeps compressing files, API answers and page data;
 * it leaves alone a response that already has a Content-Encoding.
 */
import zlib from "node:zlib";
import { preferredEncoding } from "../../schema/http-headers";

export const PAGE_GZIP_LEVEL = 3;
export const PAGE_BROTLI_QUALITY = 3;
/** As the compression middleware: smaller bodies are sent as they are. */
const THRESHOLD = 1024;

const ENCODINGS = ["br", "gzip"] as const;

/** The encoding to use for an Accept-Encoding header: Brotli first, as the middleware does. */
export const pickEncoding = (acceptEncoding: string | null) => preferredEncoding(acceptEncoding, ENCODINGS);

/** The body to send and its headers (Content-Encoding, Vary, Content-Length). */
export function compressDocument(body: Buffer, acceptEncoding: string | null, headers: Headers): Buffer {
  headers.append("Vary", "Accept-Encoding");
  const encoding = body.byteLength < THRESHOLD ? undefined : pickEncoding(acceptEncoding);
  const out =
    encoding === "br"
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : encoding === "gzip"
        ? zlib.gzipSync(body, { level: PAGE_GZIP_LEVEL })
        : body;
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(out.byteLength));
  return out;
}
