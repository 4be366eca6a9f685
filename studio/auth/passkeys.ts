/** Passkeys in the browser (@simplewebauthn/browser): the server makes the options and checks the answers. */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import { z } from "zod";
import { call, okSchema, signedInSchema } from "./client";

const optionsSchema = z.object({ challenge_id: z.string(), options: z.record(z.string(), z.unknown()) });

export const passkeysSupported = () => typeof window !== "undefined" && browserSupportsWebAuthn();

/** True when the person dismissed the browser's passkey prompt (not an error to report loudly). */
export const wasCancelled = (error: unknown) =>
  (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED") ||
  (error instanceof Error && error.name === "NotAllowedError");

export async function signInWithPasskey() {
  const { challenge_id, options } = await call("POST", "passkey/options", optionsSchema, {});
  // biome-ignore lint/suspicious/noExplicitAny: the server's options are the library's own JSON
  const response = await startAuthentication({ optionsJSON: options as any });
  return call("POST", "passkey/verify", signedInSchema, { challenge_id, response });
}

/** Sudo mode with a passkey of the signed-in account. */
export async function confirmWithPasskey() {
  const { challenge_id, options } = await call("POST", "reauth/passkey/options", optionsSchema, {});
  // biome-ignore lint/suspicious/noExplicitAny: the server's options are the library's own JSON
  const response = await startAuthentication({ optionsJSON: options as any });
  return call("POST", "reauth/passkey/verify", okSchema, { challenge_id, response });
}

export async function registerPasskey(name: string) {
  const { challenge_id, options } = await call("POST", "account/passkeys/options", optionsSchema, {});
  // biome-ignore lint/suspicious/noExplicitAny: the server's options are the library's own JSON
  const response = await startRegistration({ optionsJSON: options as any });
  return call("POST", "account/passkeys", okSchema, { challenge_id, response, name });
}
