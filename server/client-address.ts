/**
 * The visitor's address, as Express's `trust proxy` reads it (proxy-addr): with TRUST_PROXY
 * unset the socket's peer; behind a reverse proxy, the first address in X-Forwarded-For
 * that is not a trusted proxy. The rate limit keys on it, so visitors behind one proxy do
 * not share one bucket, and a visitor cannot pick their own bucket by sending the header.
 */
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import type { TrustProxy } from "./config";

export type TrustFunction = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a trust function (Express's compileTrust). */
export function compileTrust(value: TrustProxy | undefined): TrustFunction {
  if (value === undefined || value === false) return () => false;
  if (value === true) return () => true;
  if (typeof value === "number") return (_address, hop) => hop < value;
  return proxyaddr.compile(value);
}

/** The client's address of a request, or "" when the socket has none (closed). */
export function clientAddress(req: IncomingMessage, trust: TrustFunction): string {
  if (!req.socket.remoteAddress) return "";
  return proxyaddr(req as Parameters<typeof proxyaddr>[0], trust);
}
