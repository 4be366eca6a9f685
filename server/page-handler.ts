/**
 * React Router's request handler for Express: @react-router/express's own, but for where the
 * request body comes from. Theirs hands React Router the Node request as a stream with no
 * limit (a form action's `request.formData()` then read a 400 MB POST whole, issue 27); this one
 * takes the body from the per-request limited reader (server/body.ts), so a body past its limit
 * is refused with 413 at its first byte over. The URL, headers, abort signal and answer are
 * made as in @react-router/express 8.4 (createRemixRequest, sendRemixResponse).
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

export function createPageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: () => Promise<RouterContextProvider>;
  /** The request's body, held to its limit; undefined for a request without one. */
  bodyOf: (req: express.Request, res: express.Response) => ReadableStream<Uint8Array> | undefined;
}): express.RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = fetchRequestOf(req, res, options.bodyOf(req, res));
      await sendResponse(res, await handleRequest(request, await options.getLoadContext()));
    } catch (error) {
      next(error);
    }
  };
}

function fetchRequestOf(
  req: express.Request,
  res: express.Response,
  body: ReadableStream<Uint8Array> | undefined,
): Request {
  // The host as @react-router/express reads it: a trusted proxy's X-Forwarded-Host, else Host.
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const forwarded = Number.parseInt(forwardedPort ?? "", 10);
  const direct = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(direct) ? direct : "";
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url.href, {
    method: req.method,
    headers,
    signal,
    body: hasBody ? (body ?? null) : undefined,
    // @ts-expect-error Node's fetch needs duplex for streamed bodies.
    duplex: hasBody ? "half" : undefined,
  });
}

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  // Answered already (a 413 while the action read its body), or the client left.
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
