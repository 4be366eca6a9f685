/**
 * A feed's client secret at rest: AES-256-GCM with a random 96-bit IV, bound to its site (the site
 * id is the additional data, so a secret copied to another site's row does not open). The key is
 * FEEDS_SECRET_KEY (hashed with SHA-256 to 32 bytes) or, without it, one made once and kept in the
 * store like the ALTCHA key (docs/decisions.md: a key from the environment keeps a stolen
 * database dump from opening the secrets).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { SecretsStore } from "../content/stores/secrets";

const VERSION = "v1";
const STORE_KEY_NAME = "feeds_secret_key";

export async function secretKey(fromEnv: string | undefined, secrets: SecretsStore): Promise<Buffer> {
  const material = fromEnv ?? (await secrets.getOrCreate(STORE_KEY_NAME, () => randomBytes(32).toString("base64")));
  return createHash("sha256").update(material).digest();
}

export function sealSecret(key: Buffer, siteId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(siteId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(":");
}

/** The secret, or undefined when it does not open (another key, another site, altered). */
export function openSecret(key: Buffer, siteId: string, sealed: string): string | undefined {
  const [version, iv, tag, body] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
    decipher.setAAD(Buffer.from(siteId));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
