/**
 * Request bodies (issue 27): every route says how many bytes of body it reads (the content
 * service's routes their `maxBody`, the site's form actions theirs), and bodies are only ever
 * read as streams held to that limit. Over HTTP, a declared Content-Length over it is refused
 * before a byte is read and a chunked body at the first byte past it, with a 413 and the
 * connection closed (the rest is never read); a body nobody reads is dropped the same way once
 * it passes the limit. In process (server rendering calling the content service), the service
 * reads its bodies with the same limit. Nothing past a limit is ever held in memory.
 */
import type http from "node:http";

/** What a route reads when it says nothing: the contact form's 64 KB, enough for any form or small JSON. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export class BodyTooLarge extends Error {
  readonly status = 413;
  constructor(readonly limit: number) {
    super(`Payload too large (at most ${limit} bytes)`);
    this.name = "BodyTooLarge";
  }
}

/** The body length a request declares (Content-Length), or undefined when it declares none (chunked, or no body). */
export function declaredLength(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/** Whether a request carries a body at all: a length above zero, or a chunked transfer. */
export function hasBody(req: http.IncomingMessage): boolean {
  const length = declaredLength(req.headers["content-length"]);
  return length !== undefined ? length > 0 : req.headers["transfer-encoding"] !== undefined;
}

/** How a refused body is answered: the content service's JSON, or plain text for pages. */
export interface Refusal {
  contentType: string;
  body: string;
}

export const JSON_REFUSAL: Refusal = {
  contentType: "application/json; charset=utf-8",
  body: JSON.stringify({ status: "error", message: "Payload too large" }),
};
export const TEXT_REFUSAL: Refusal = { contentType: "text/plain; charset=utf-8", body: "Payload Too Large" };

/**
 * Holds one request's body to `limit` bytes (the HTTP layer makes one per request):
 * - a declared Content-Length over the limit is answered 413 at once, nothing read;
 * - `stream()` gives the body as a web stream that reads from the socket only as fast as its
 *   reader pulls and, at the first byte past the limit, stops reading, answers 413 and errors
 *   with BodyTooLarge (the reader's own error path then finds the answer sent);
 * - a body left unread when the answer is finished is read on and dropped, up to the limit;
 *   past it the connection is closed (Node would otherwise read all of it to reuse the connection).
 * A 413 carries `Connection: close`: the rest of the body is never read. The request itself is
 * never destroyed before the answer is out (that would close the socket under the 413).
 */
export function guardBody(req: http.IncomingMessage, res: http.ServerResponse, limit: number, refusal: Refusal) {
  let seen = 0;
  let refused = false;
  let stream: ReadableStream<Uint8Array> | undefined;
  /** Set while `stream()` feeds a reader: the listeners to take off when it stops. */
  let detach: (() => void) | undefined;

  const refuse = () => {
    if (refused) return;
    refused = true;
    req.pause();
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    lingerOnClose(req);
    res.writeHead(413, {
      "content-type": refusal.contentType,
      "content-length": Buffer.byteLength(refusal.body),
      "cache-control": "no-store",
      connection: "close",
    });
    res.end(refusal.body);
  };

  const declared = declaredLength(req.headers["content-length"]);
  if (declared !== undefined && declared > limit) refuse();

  res.once("finish", () => {
    detach?.();
    if (refused || req.complete || req.destroyed) return;
    // An answer that did not read the whole body (a 404, a 405, a route that reads none):
    // drop the rest while it stays within the limit, close the connection past it.
    req.on("data", (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen > limit) req.socket.destroy();
    });
    req.resume();
  });

  return {
    /** Whether the request was answered 413 already (its handler must not run). */
    get refused() {
      return refused;
    },
    /** The body as a limited web stream (one per request). */
    stream(): ReadableStream<Uint8Array> {
      stream ??= new ReadableStream<Uint8Array>(
        {
          start(controller) {
            if (refused) return controller.error(new BodyTooLarge(limit));
            let done = false;
            const finish = (action: () => void) => {
              if (done) return;
              done = true;
              detach?.();
              action();
            };
            const onData = (chunk: Buffer) => {
              seen += chunk.byteLength;
              if (seen > limit) {
                finish(() => {
                  refuse();
                  controller.error(new BodyTooLarge(limit));
                });
                return;
              }
              controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
              // Backpressure: the socket waits until the reader asks for more.
              if ((controller.desiredSize ?? 0) <= 0) req.pause();
            };
            const onEnd = () => finish(() => controller.close());
            const onError = (error: Error) => finish(() => controller.error(error));
            const onClose = () =>
              finish(() => (req.complete ? controller.close() : controller.error(new Error("The client went away"))));
            detach = () => {
              detach = undefined;
              req.off("data", onData);
              req.off("end", onEnd);
              req.off("error", onError);
              req.off("close", onClose);
            };
            req.on("data", onData);
            req.once("end", onEnd);
            req.once("error", onError);
            req.once("close", onClose);
            req.pause();
          },
          pull() {
            if (detach) req.resume();
          },
          cancel() {
            // The reader wants no more: what is left is dropped when the answer is finished.
            detach?.();
            req.pause();
          },
        },
        { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
      );
      return stream;
    },
  };
}

/** How long a refused connection stays half-open for its client to read the 413 (RFC 9112 §9.6). */
const LINGER_MS = 2_000;

/**
 * A lingering close: after the 413 the server neither reads the rest (the client's writes stall
 * once the windows fill; even a FIN would make Node read on to see the end) nor destroys the
 * socket at once. Destroying it
 * with the client's bytes unread sends a reset, and a client still writing may lose the answer it
 * had not read yet (seen under load). The socket goes when the client closes, or after LINGER_MS.
 */
function lingerOnClose(req: http.IncomingMessage): void {
  // Node reads an unread body off the wire once the answer is finished (IncomingMessage._dump):
  // not this one, whose rest must never be read. `_dumped` is how Node marks it done.
  (req as unknown as { _dumped: boolean })._dumped = true;
  const socket = req.socket;
  // Nor does the server's own bookkeeping resume it after the answer (it would read the rest).
  socket.pause();
  socket.resume = function resume(this: typeof socket) {
    return this;
  };
  socket.destroySoon = function destroySoon(this: typeof socket) {
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}

/**
 * Reads a Fetch body whole, at most `limit` bytes of it: a declared length over the limit is
 * refused before reading, a stream at the first chunk past it (BodyTooLarge either way).
 */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredLength(request.headers.get("content-length"));
  if (declared !== undefined && declared > limit) throw new BodyTooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop reading; the rest is left to the HTTP layer (cancelling a FormData-made stream trips undici).
      reader.releaseLock();
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
