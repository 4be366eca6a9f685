/**
 * Sign-in throttling policy (Payload counts failed attempts and locks the account; this adds
 * an exponential backoff before the lock, and the same per client address). Keys exist whether
 * or not an account does, so an unknown e-mail is throttled exactly like a real one.
 */

export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  free: number;
  /** The first wait; each further failure doubles it. */
  baseMs: number;
  maxMs: number;
  /** From this many failures in a row, the key is locked out for `lockoutMs`. */
  lockoutAfter: number;
  lockoutMs: number;
  /** Failures older than this (since the last one) are forgotten. */
  windowMs: number;
}

const MINUTE = 60_000;

/** Per account: 3 free tries, then 1 s, 2 s, 4 s… and 15 minutes locked from the 10th failure. */
export const ACCOUNT_POLICY: ThrottlePolicy = {
  free: 3,
  baseMs: 1000,
  maxMs: 5 * MINUTE,
  lockoutAfter: 10,
  lockoutMs: 15 * MINUTE,
  windowMs: 24 * 60 * MINUTE,
};

/** Per client address (an office behind one address has several editors): 10 free, locked from the 30th. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  free: 10,
  baseMs: 1000,
  maxMs: 5 * MINUTE,
  lockoutAfter: 30,
  lockoutMs: 15 * MINUTE,
  windowMs: 24 * 60 * MINUTE,
};

/** How long a key waits after its n-th failure in a row. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures <= policy.free) return 0;
  if (failures >= policy.lockoutAfter) return policy.lockoutMs;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** (failures - policy.free - 1));
}
