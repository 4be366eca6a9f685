/**
 * Request ids and the access log: one line per request (time, level, request id, method,
 * path, status, duration, bytes), written when the answer is finished or the client left.
 */

import { randomUUID } from "node:crypto";
import type http from "node:http";
import { redactPreviewPath } from "../../schema/preview";
import type { TrustFunction } from "../client-address";
import { clientAddress } from "../client-address";
import { type Logger, requestScope } from "./log";

/**
 * What a proxy's X-Request-Id may look like to be kept: letters, digits and `._:-`, at most
 * 128 characters (a UUID, a ULID, a trace id). Anything else (spaces, `@`, control characters
 * that could forge log lines) is replaced by a fresh id.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * The request's id: the proxy's X-Request-Id when the peer is a proxy TRUST_PROXY trusts and
 * the id is safe, else a new UUID (a visitor cannot choose the id their request is logged under).
 */
export function requestIdOf(header: string | string[] | undefined, fromTrustedProxy: boolean): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (fromTrustedProxy && value !== undefined && SAFE_REQUEST_ID.test(value)) return value;
  return randomUUID();
}

/** The path to log: the path name and the names of query parameters, never their values (an e-mail, a phone, a name). */
export function loggablePath(url: string | undefined): string {
  // A preview link's secret never reaches a log line.
  const target = redactPreviewPath(url ?? "/");
  const mark = target.indexOf("?");
  if (mark === -1) return target;
  const keys = [...new Set(new URLSearchParams(target.slice(mark + 1)).keys())];
  return keys.length ? `${target.slice(0, mark)}?${keys.join("&")}` : target.slice(0, mark);
}

export interface AccessLogOptions {
  log: Logger;
  trust: TrustFunction;
  /** LOG_CLIENT_IP: the operator opted in to logging the client's address. */
  clientIp?: boolean;
  /** Requests not worth a line (development: Vite's modules and the site's files). */
  skip?: (path: string) => boolean;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Wraps a handler: sets X-Request-Id, runs it in the request's log scope, logs one line at the end. */
export function withRequestLog(handler: Handler, options: AccessLogOptions): Handler {
  return (req, res) => {
    const started = process.hrtime.bigint();
    // Express rewrites req.url under a mount point ("/api"): the path as the client asked is read now.
    const path = loggablePath(req.url);
    const trusted = options.trust(req.socket.remoteAddress ?? "", 0);
    const requestId = requestIdOf(req.headers["x-request-id"], trusted);
    res.setHeader("X-Request-Id", requestId);
    let bytes = 0;
    const count = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string")
        bytes += Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
      count(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: http.ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") count(chunk, rest[0]);
      return (end as (...args: unknown[]) => http.ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;
    let logged = options.skip?.(path) ?? false;
    const done = () => {
      if (logged) return;
      logged = true;
      const status = res.writableFinished ? res.statusCode : res.headersSent ? res.statusCode : 0;
      const fields = {
        request_id: requestId,
        method: req.method,
        path,
        status,
        duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
        bytes,
        ...(res.writableFinished ? {} : { aborted: true }),
        ...(options.clientIp ? { ip: clientAddress(req, options.trust) } : {}),
      };
      if (status >= 500) options.log.error("request", fields);
      else options.log.info("request", fields);
    };
    res.once("finish", done);
    res.once("close", done);
    requestScope.run({ requestId }, () => handler(req, res));
  };
}
