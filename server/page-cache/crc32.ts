/**
 * CRC-32 arithmetic for gzip trailers of cached documents whose nonce changes per response.
 *
 * CRC-32 is affine over GF(2): for two messages of the same length, crc(a) ^ crc(b) is a linear
 * function of a ^ b. A document D with the nonce N at offsets p1…pk therefore has
 *   crc(D) = crc(D0) ^ (lin(N) · Σ x^(8·(n − pj − |N|)))  mod P
 * where D0 is the document with zero bytes in place of the nonces, lin(N) = crc(N) ^ crc(0…0)
 * and the sum is a 32-bit polynomial fixed per document. So a response's CRC costs one CRC of the
 * 24-byte nonce and one multiplication, instead of a pass over the whole document.
 * `multmodp` and `x2nmodp` follow zlib's crc32.c (reflected bit order, polynomial 0xedb88320).
 */
import zlib from "node:zlib";

const POLY = 0xedb88320;

/** a · b modulo the CRC-32 polynomial (reflected). */
export function multmodp(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

// x^(2^k) modulo P, for k = 0…31 (zlib's x2n_table).
const X2N = new Uint32Array(32);
{
  let p = 0x40000000; // x^1
  X2N[0] = p;
  for (let n = 1; n < 32; n++) {
    p = multmodp(p, p);
    X2N[n] = p;
  }
}

/** x^(n · 2^k) modulo P: with k = 3, the operator that appends n zero bytes. */
export function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n > 0) {
    if (n & 1) p = multmodp(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p >>> 0;
}

/**
 * What the CRC of a document with a variable nonce needs: the CRC of the document with zeros in
 * place of the nonces, and the shift polynomial of the nonce positions.
 */
export interface NonceCrc {
  base: number;
  shift: number;
  nonceLength: number;
}

/** `parts` are the document's pieces around the nonce, which goes between each two. */
export function nonceCrc(parts: readonly Buffer[], nonceLength: number): NonceCrc {
  const zeros = Buffer.alloc(nonceLength);
  const total = parts.reduce((sum, part) => sum + part.byteLength, 0) + nonceLength * (parts.length - 1);
  let base = 0;
  let shift = 0;
  let offset = 0;
  parts.forEach((part, index) => {
    base = zlib.crc32(part, base);
    offset += part.byteLength;
    if (index < parts.length - 1) {
      base = zlib.crc32(zeros, base);
      shift ^= x2nmodp(total - offset - nonceLength, 3);
      offset += nonceLength;
    }
  });
  return { base: base >>> 0, shift: shift >>> 0, nonceLength };
}

const zeroCrcs = new Map<number, number>();

/** The CRC-32 of the document with `nonce` in every nonce position. */
export function crcWithNonce(crc: NonceCrc, nonce: Buffer): number {
  let zero = zeroCrcs.get(crc.nonceLength);
  if (zero === undefined) {
    zero = zlib.crc32(Buffer.alloc(crc.nonceLength));
    zeroCrcs.set(crc.nonceLength, zero);
  }
  const linear = (zlib.crc32(nonce) ^ zero) >>> 0;
  return (crc.base ^ multmodp(crc.shift, linear)) >>> 0;
}
