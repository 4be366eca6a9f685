import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { preloadAllBlocks } from "./blocks/registry";
import { contentSecurityPolicy, NonceContext } from "./lib/csp";
import "./lib/i18n.server";

// Shared with the production server, which sets it on every request's context.
export { servicesContext } from "./lib/context";

export const streamTimeout = 5_000;

// Views are loaded once at start so server renders never suspend on them.
const viewsReady = preloadAllBlocks();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  await viewsReady;
  const nonce = randomBytes(16).toString("base64");
  // Vite's dev client injects inline scripts without a nonce: the policy applies to builds.
  if (import.meta.env.PROD) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Whole document at once (onAllReady): crawlers and visitors get the same complete HTML.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
