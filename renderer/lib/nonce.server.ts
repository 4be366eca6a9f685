/**
 * CSP nonces: 16 random bytes per response (24 base64 characters, the last two always "=="),
 * drawn from a pool filled 256 nonces at a time. Used by entry.server.tsx for rendered documents
 * and by the rendered-page cache (server/page-cache) for the documents it serves again.
 */
import { randomFillSync } from "node:crypto";

export const NONCE_BYTES = 16;
/** Base64 of 16 bytes: 22 characters of data and "==". */
export const NONCE_PATTERN = /^[A-Za-z0-9+/]{22}==$/;

const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

export function nextNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}
