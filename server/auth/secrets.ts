/** Random secrets (session cookies, API tokens, one-time links) and how they are stored: by SHA-256 only. */
import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, base64url (43 characters). */
export const randomSecret = () => randomBytes(32).toString("base64url");

/**
 * SHA-256 of a secret, hex. A fast hash is right here: the secrets are 256 random bits, so
 * nothing can be guessed from the hash (a slow hash protects low-entropy passwords only).
 */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** API tokens read as what they are in logs and secret scanners: `cbt_` + 256 random bits. */
export const API_TOKEN_PREFIX = "cbt_";
export const newApiToken = () => `${API_TOKEN_PREFIX}${randomSecret()}`;
export const isApiTokenShape = (value: string) => /^cbt_[A-Za-z0-9_-]{43}$/.test(value);
