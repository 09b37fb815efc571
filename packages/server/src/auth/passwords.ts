import { lazyModule } from '../lazy-module.js';

/**
 * The argon2 native addon, loaded on the first password hashed or verified rather than at start:
 * a server at rest (and one whose users sign in another way) never maps it (docs/benchmarks.md,
 * "Idle RSS: loaded on first use").
 */
const loadArgon2 = lazyModule(() => import('@node-rs/argon2'));

/** argon2id cost parameters; a hash records its own, so verifying never needs them. */
export interface PasswordHashing {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
  parallelism: number;
}

/**
 * The library's defaults (19 MiB, 2 passes, 1 lane), the OWASP baseline. Production always uses
 * these; only test servers lower them, because each hash costs ~40 ms of a shared core.
 */
export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (
  password: string,
  cost: PasswordHashing = DEFAULT_PASSWORD_HASHING,
): Promise<string> => loadArgon2().then((argon2) => argon2.hash(password, { algorithm: 2, ...cost }));

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  const argon2 = await loadArgon2();
  try {
    return await argon2.verify(passwordHash, password);
  } catch {
    return false;
  }
}
