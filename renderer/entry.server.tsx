import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { assetOrigins } from "../schema/assets";
import { isPreviewPath } from "../schema/preview";
import { preloadAllBlocks } from "./blocks/registry";
import { compressDocument } from "./lib/compress.server";
import { type AppServices, servicesContext } from "./lib/context";
import { contentSecurityPolicy, isEmbeddablePath, isStudioPath, NonceContext } from "./lib/csp";
import { withErrorReporting } from "./lib/error-reporting.server";
import { nextNonce } from "./lib/nonce.server";
import { lowerScriptPriority } from "./lib/script-priority.server";
import "./lib/i18n.server";

// Shared with the production server, which sets it on every request's context.
export { pageCacheContext, servicesContext } from "./lib/context";

export const streamTimeout = 5_000;

// Views are loaded once at start so server renders never suspend on them.
const viewsReady = preloadAllBlocks();

/** The server's services, when the request carries them (not in some tests). */
function servicesOf(context: unknown): AppServices | undefined {
  try {
    return (context as RouterContextProvider | undefined)?.get(servicesContext);
  } catch {
    return undefined;
  }
}

/** Unexpected errors of loaders, actions and renders go to the error reports (SENTRY_DSN). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A visitor who left, or a navigation replaced by another, is not an error of the site.
  if (request.signal.aborted) return;
  servicesOf(context)?.reportError?.(error, request);
};

const PRIVATE_NO_STORE = "private, no-store";

/** The editors' pages' data (client navigations, `.data`), as their documents: never stored. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  const path = new URL(request.url).pathname;
  if (isStudioPath(path) || isPreviewPath(path)) response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  if (isPreviewPath(path)) response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: unknown,
) {
  await viewsReady;
  const nonce = nextNonce();
  const services = servicesOf(loadContext);
  // Vite's dev client injects inline scripts without a nonce: the policy applies to builds.
  if (import.meta.env.PROD) {
    const config = services?.config;
    const reportDsn = config?.errorReporting?.dsn;
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, {
        embeddable: isEmbeddablePath(new URL(request.url).pathname),
        studio: isStudioPath(new URL(request.url).pathname),
        assetOrigins: config?.assets ? assetOrigins(config.assets) : [],
        reportOrigin: reportDsn ? new URL(reportDsn).origin : undefined,
        frameHosts: config?.embedFrameHosts,
      }),
    );
  }
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  // A preview link's address is its secret (issue 33): no page sends it on as a Referer.
  const preview = isPreviewPath(new URL(request.url).pathname);
  responseHeaders.set("Referrer-Policy", preview ? "no-referrer" : "strict-origin-when-cross-origin");
  if (preview) responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  // The editors' pages hold an editor's name, e-mail and leads: kept by no cache, not even the browser's.
  if (isStudioPath(new URL(request.url).pathname)) responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Whole document at once (onAllReady): crawlers and visitors get the same complete HTML,
    // compressed in one call and sent as one buffer. Piped chunk by chunk, React Router's
    // adapter would flush the compression stream after every 2 KB chunk (one deflate flush and
    // one socket write each, and a larger gzipped body).
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // The document is sent whole: no Suspense boundary is set aside to be revealed later by
        // script (React outlines completed boundaries past 12.8 KB by default, for streaming).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              try {
                const body = compressDocument(
                  Buffer.from(
                    withErrorReporting(
                      lowerScriptPriority(Buffer.concat(chunks).toString()),
                      services?.config.errorReporting,
                      services?.errorReportingScript,
                      nonce,
                    ),
                  ),
                  request.headers.get("accept-encoding"),
                  responseHeaders,
                );
                // A stream of the one buffer: a Buffer body would be copied by Response.
                const stream = new ReadableStream<Uint8Array>({
                  start(controller) {
                    controller.enqueue(body);
                    controller.close();
                  },
                });
                resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
              } catch (error) {
                reject(error);
              }
              callback();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
          if (!request.signal.aborted) servicesOf(loadContext)?.reportError?.(error, request);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
