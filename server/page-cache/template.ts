/**
 * A rendered document kept compressed, gzip and Brotli, with its CSP nonce left open: each
 * response copies the compressed bytes and writes a fresh nonce into them, with no compression
 * per response (see docs/decisions.md "Rendered-page cache").
 *
 * How: the document is split at every occurrence of its nonce. The pieces are compressed as one
 * stream, flushed at each piece's end (sync flush for deflate, BROTLI_OPERATION_FLUSH for
 * Brotli), which leaves the stream on a byte boundary. In place of each nonce the encoder is fed a
 * sentinel of the same length, and the bytes it writes for the sentinel are thrown away: an
 * uncompressed block holding the nonce goes there instead (a stored block in deflate, an
 * uncompressed meta-block in Brotli). That is valid as long as the state a decoder carries past the
 * block is the same whatever the nonce:
 *  - back-references: a later match can only copy bytes equal to its own; the sentinel is made of
 *    bytes the document never contains, so no later match reaches into a nonce;
 *  - Brotli's distance cache: each sentinel is random and different from every other, so the
 *    encoder finds no match inside one and codes it as literals, which leave the cache alone;
 *  - Brotli's literal context (the last two bytes): a nonce ends in "==" and so does the sentinel.
 * Every template is checked once, when built, by decompressing it with a random nonce; a Brotli
 * template that fails is built again with new sentinels, then dropped (gzip is served instead).
 * The gzip trailer's CRC-32 depends on the nonce: crc32.ts computes it without reading the document.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import { once } from "node:events";
import zlib from "node:zlib";
import { NONCE_PATTERN } from "../../renderer/lib/nonce.server";
import { log } from "../ops/log";
import { crcWithNonce, type NonceCrc, nonceCrc } from "./crc32";

/**
 * Levels: compression happens once per page and content version, not per response, so the
 * templates use stronger levels than a render's (gzip 3, Brotli 3): gzip 6 and Brotli 5 make the
 * flushed template about as small as one stream at the render's levels (/fr: 10.7 KB gzip,
 * 10.3 KB Brotli, against 10.7 and 10.4 KB), for a few milliseconds, off the main thread.
 */
export const TEMPLATE_GZIP_LEVEL = 6;
export const TEMPLATE_BROTLI_QUALITY = 5;

const NONCE_LENGTH = 24;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]);

export interface CompressedTemplate {
  /** The compressed stream with a nonce-length hole at each offset. */
  bytes: Buffer;
  offsets: readonly number[];
}

export interface DocumentTemplate {
  gzip: CompressedTemplate & { crc: NonceCrc; crcOffset: number };
  /** Absent when the Brotli template failed its check: Brotli clients get gzip. */
  br?: CompressedTemplate;
  /** Uncompressed length. */
  length: number;
  /** Weak entity tag: the same for every response of this document, whatever its nonce and coding. */
  etag: string;
  /** Bytes held. */
  size: number;
}

/** The pieces of `document` around each occurrence of `nonce`. */
export function splitAtNonce(document: Buffer, nonce: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (;;) {
    const at = document.indexOf(nonce, start);
    if (at < 0) break;
    parts.push(document.subarray(start, at));
    start = at + nonce.byteLength;
  }
  parts.push(document.subarray(start));
  return parts;
}

/** Bytes that occur nowhere in the pieces: the sentinels' alphabet. */
function absentBytes(parts: readonly Buffer[]): number[] {
  const seen = new Uint8Array(256);
  for (const part of parts) for (let i = 0; i < part.byteLength; i++) seen[part[i]!] = 1;
  // "=" ends every sentinel; it must not be in the alphabet.
  seen[0x3d] = 1;
  const out: number[] = [];
  for (let byte = 0; byte < 256; byte++) if (!seen[byte]) out.push(byte);
  return out;
}

/** A random sentinel per nonce position: absent bytes, then "==" like the nonce. */
function sentinels(count: number, alphabet: readonly number[]): Buffer[] {
  return Array.from({ length: count }, () => {
    const sentinel = Buffer.alloc(NONCE_LENGTH, 0x3d);
    for (let i = 0; i < NONCE_LENGTH - 2; i++) sentinel[i] = alphabet[randomInt(alphabet.length)]!;
    return sentinel;
  });
}

/**
 * Compresses `pieces` as one stream, flushed after each but the last (which ends it), and resolves
 * with the bytes written for each piece.
 */
async function compressPieces(
  encoder: zlib.DeflateRaw | zlib.BrotliCompress,
  flush: number,
  pieces: readonly Buffer[],
): Promise<Buffer[]> {
  const outputs: Buffer[] = [];
  let current: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => current.push(chunk));
  const ended = once(encoder, "end");
  for (let i = 0; i < pieces.length - 1; i++) {
    encoder.write(pieces[i]);
    await new Promise<void>((resolve) => encoder.flush(flush, () => resolve()));
    outputs.push(Buffer.concat(current));
    current = [];
  }
  encoder.end(pieces.at(-1));
  await ended;
  outputs.push(Buffer.concat(current));
  return outputs;
}

/** Deflate's stored block (not final) holding `data`: the stream is byte-aligned after a sync flush. */
function storedBlockHeader(length: number): Buffer {
  return Buffer.from([0x00, length & 0xff, length >>> 8, ~length & 0xff, (~length >>> 8) & 0xff]);
}

/**
 * Brotli's uncompressed meta-block header (RFC 7932 §9.2), not last: ISLAST 0, MNIBBLES 0 (four
 * nibbles), MLEN − 1 on 16 bits, ISUNCOMPRESSED 1, then zero bits to the byte boundary.
 */
function uncompressedMetaBlockHeader(length: number): Buffer {
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff]);
}

/** Joins the compressed pieces with `header(nonce)` and a nonce-length hole between each two. */
function assemble(
  prefix: Buffer,
  outputs: readonly Buffer[],
  header: Buffer,
): { bytes: Buffer; offsets: number[]; parts: Buffer[] } {
  const parts: Buffer[] = [prefix];
  const offsets: number[] = [];
  let length = prefix.byteLength;
  const hole = Buffer.alloc(NONCE_LENGTH);
  for (let i = 0; i < outputs.length; i += 2) {
    parts.push(outputs[i]!);
    length += outputs[i]!.byteLength;
    if (i + 2 < outputs.length) {
      parts.push(header, hole);
      offsets.push(length + header.byteLength);
      length += header.byteLength + NONCE_LENGTH;
    }
  }
  return { bytes: Buffer.concat(parts), offsets, parts };
}

function interleave(parts: readonly Buffer[], fill: readonly Buffer[]): Buffer[] {
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    pieces.push(part);
    if (i < parts.length - 1) pieces.push(fill[i]!);
  });
  return pieces;
}

async function gzipTemplate(parts: readonly Buffer[], fill: readonly Buffer[], length: number) {
  const outputs = await compressPieces(
    zlib.createDeflateRaw({ level: TEMPLATE_GZIP_LEVEL }),
    zlib.constants.Z_SYNC_FLUSH,
    interleave(parts, fill),
  );
  const { bytes, offsets } = assemble(GZIP_HEADER, outputs, storedBlockHeader(NONCE_LENGTH));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(length >>> 0, 4);
  return {
    bytes: Buffer.concat([bytes, trailer]),
    offsets,
    crc: nonceCrc(parts, NONCE_LENGTH),
    crcOffset: bytes.byteLength,
  };
}

async function brotliTemplate(parts: readonly Buffer[], fill: readonly Buffer[], length: number) {
  const outputs = await compressPieces(
    zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: TEMPLATE_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
      },
    }),
    zlib.constants.BROTLI_OPERATION_FLUSH,
    interleave(parts, fill),
  );
  const { bytes, offsets } = assemble(Buffer.alloc(0), outputs, uncompressedMetaBlockHeader(NONCE_LENGTH));
  return { bytes, offsets };
}

function withNonce(template: CompressedTemplate, nonce: Buffer): Buffer {
  const out = Buffer.allocUnsafe(template.bytes.byteLength);
  template.bytes.copy(out);
  for (const offset of template.offsets) nonce.copy(out, offset);
  return out;
}

/** The gzip body of the document with `nonce` (24 ASCII bytes). */
export function gzipWithNonce(template: DocumentTemplate, nonce: Buffer): Buffer {
  const out = withNonce(template.gzip, nonce);
  out.writeUInt32LE(crcWithNonce(template.gzip.crc, nonce), template.gzip.crcOffset);
  return out;
}

/** The Brotli body, when the template has one. */
export function brotliWithNonce(template: DocumentTemplate, nonce: Buffer): Buffer | undefined {
  return template.br && withNonce(template.br, nonce);
}

/** The uncompressed document, for the rare client that accepts no compression. */
export function identityWithNonce(template: DocumentTemplate, nonce: Buffer): Buffer {
  return zlib.gunzipSync(gzipWithNonce(template, nonce));
}

/**
 * The weak entity tag of a document split at its nonces (`splitAtNonce`): a hash of the document
 * with zeros in place of each nonce, so every response of it has the same tag.
 */
export function documentEtag(parts: readonly Buffer[]): string {
  const hash = createHash("sha256");
  const zeros = Buffer.alloc(NONCE_LENGTH);
  parts.forEach((part, i) => {
    hash.update(part);
    if (i < parts.length - 1) hash.update(zeros);
  });
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

function randomNonce(): Buffer {
  return Buffer.from(randomBytes(16).toString("base64"), "latin1");
}

/**
 * The template of a rendered document whose nonce is `nonce`; undefined when it cannot be made
 * (a nonce of another shape, or a document using nearly every byte value).
 */
export async function buildTemplate(document: Buffer, nonce: string): Promise<DocumentTemplate | undefined> {
  if (!NONCE_PATTERN.test(nonce)) return undefined;
  const parts = splitAtNonce(document, Buffer.from(nonce, "latin1"));
  const alphabet = absentBytes(parts);
  // Enough symbols that 22 random ones never repeat a run a compressor would match (4 bytes or more).
  if (alphabet.length < 16) return undefined;
  const length = document.byteLength;
  const check = randomNonce();
  const expected = Buffer.concat(interleave(parts, Array(parts.length - 1).fill(check)));
  const fill = sentinels(parts.length - 1, alphabet);
  const [gzip, firstBr] = await Promise.all([gzipTemplate(parts, fill, length), brotliTemplate(parts, fill, length)]);
  const etag = documentEtag(parts);
  const template: DocumentTemplate = { gzip, br: firstBr, length, etag, size: 0 };
  // One check each, with a nonce that is neither the rendered one nor a sentinel.
  if (!zlib.gunzipSync(gzipWithNonce(template, check)).equals(expected)) return undefined;
  const brotliOk = (candidate: CompressedTemplate) => {
    try {
      return zlib.brotliDecompressSync(withNonce(candidate, check)).equals(expected);
    } catch {
      return false;
    }
  };
  if (!brotliOk(firstBr)) {
    const again = await brotliTemplate(parts, sentinels(parts.length - 1, alphabet), length);
    template.br = brotliOk(again) ? again : undefined;
    if (!template.br) log.warn("[page-cache] a Brotli template failed its check twice; gzip is served instead");
  }
  template.size =
    template.gzip.bytes.byteLength +
    (template.br?.bytes.byteLength ?? 0) +
    8 * (template.gzip.offsets.length + (template.br?.offsets.length ?? 0)) +
    256;
  return template;
}
