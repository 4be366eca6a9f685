/**
 * Passwords: argon2id (Node's own `crypto.argon2`, no native add-on) with a random salt per
 * hash, stored as a PHC string so its parameters can be raised later (`needsRehash`). The
 * policy asks for 12 characters at least and refuses passwords that zxcvbn finds in its lists
 * of common passwords and words (English and French) or otherwise easy to guess, the
 * account's own name and e-mail included.
 */
import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const argon2Async = promisify(argon2);

/** OWASP's argon2id settings (19 MiB, 2 passes, 1 lane): ~50 ms here. */
export const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1 } as const;
export type Argon2Params = { memory: number; passes: number; parallelism: number };
const TAG_LENGTH = 32;
const SALT_LENGTH = 16;

export const PASSWORD_MIN_LENGTH = 12;
/** Longer passwords are refused: hashing must stay bounded whatever a request sends. */
export const PASSWORD_MAX_LENGTH = 256;

const b64 = (buffer: Buffer) => buffer.toString("base64").replace(/=+$/, "");

export async function hashPassword(password: string, params: Argon2Params = ARGON2_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const tag = await argon2Async("argon2id", {
    message: password,
    nonce: salt,
    tagLength: TAG_LENGTH,
    ...params,
  });
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(salt)}$${b64(tag)}`;
}

interface ParsedHash {
  memory: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  tag: Buffer;
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{16,})$/;

function parseHash(hash: string): ParsedHash | undefined {
  const match = PHC.exec(hash);
  if (!match) return undefined;
  const [, m, t, p, salt, tag] = match;
  const memory = Number(m);
  const passes = Number(t);
  const parallelism = Number(p);
  // Bounds keep a tampered row from costing minutes of CPU or gigabytes.
  if (memory < 8 * parallelism || memory > 1_048_576 || passes < 1 || passes > 20 || parallelism < 1) return undefined;
  return { memory, passes, parallelism, salt: Buffer.from(salt!, "base64"), tag: Buffer.from(tag!, "base64") };
}

/** True when `password` matches `hash`; false for a malformed hash. Constant time in the tag. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const tag = await argon2Async("argon2id", {
    message: password,
    nonce: parsed.salt,
    tagLength: parsed.tag.length,
    memory: parsed.memory,
    passes: parsed.passes,
    parallelism: parsed.parallelism,
  });
  return tag.length === parsed.tag.length && timingSafeEqual(tag, parsed.tag);
}

/** True when the hash was made with weaker parameters than today's: it is made again at the next sign-in. */
export function needsRehash(hash: string, params: Argon2Params = ARGON2_PARAMS): boolean {
  const parsed = parseHash(hash);
  return (
    !parsed ||
    parsed.memory < params.memory ||
    parsed.passes < params.passes ||
    parsed.parallelism !== params.parallelism
  );
}

/**
 * A hash of a random password, made once: signing in to an unknown account (or one without a
 * password) verifies against it, so the answer takes as long as for a real account.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString("base64"));
  return decoy;
}

export type PasswordProblem = "too-short" | "too-long" | "common" | "guessable";

type Checker = (password: string, userInputs: string[]) => { score: number; common: boolean };
let checker: Promise<Checker> | undefined;

/** zxcvbn with the common, English and French dictionaries, loaded on first use (about a second). */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en, fr] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
      import("@zxcvbn-ts/language-fr"),
    ]);
    const commonPasswords = new Set(common.dictionary["passwords-common"]?.map((p) => String(p).toLowerCase()));
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    return (password, userInputs) => ({
      score: zxcvbn.check(password, userInputs).score,
      common: commonPasswords.has(password.toLowerCase()),
    });
  })();
  return checker;
}

/** Loads the dictionaries ahead of the first new password (a second or more on a busy machine). */
export function warmPasswordChecker(): Promise<unknown> {
  return loadChecker();
}

/**
 * What is wrong with a new password, or undefined when it is acceptable. `context` holds the
 * words an attacker would try first for this account (name, e-mail, site name).
 */
export async function passwordProblem(password: string, context: string[] = []): Promise<PasswordProblem | undefined> {
  if ([...password].length < PASSWORD_MIN_LENGTH) return "too-short";
  if (password.length > PASSWORD_MAX_LENGTH) return "too-long";
  const inputs = context.flatMap((word) => [word, ...word.split(/[\s@.+_-]+/)]).filter((w) => w.length >= 3);
  // The account's own name, e-mail or site name with digits and symbols around it: zxcvbn
  // lowers its estimate for them but may still call it "safe"; an attacker tries them first.
  const letters = (value: string) =>
    value
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z]/g, "");
  let rest = letters(password);
  for (const word of inputs.map(letters).sort((a, b) => b.length - a.length))
    if (word.length >= 3) rest = rest.split(word).join("");
  if (rest.length < 4) return "guessable";
  const check = await loadChecker();
  const result = check(password, inputs);
  if (result.common) return "common";
  // zxcvbn's 3: "safely unguessable: moderate protection from offline slow-hash scenario".
  if (result.score < 3) return "guessable";
  return undefined;
}
