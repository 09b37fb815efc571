/** Licenses (docs/api.md "License"): the key that verifies them and the service that renews them. */
type Env = Record<string, string | undefined>;

/**
 * The public half of Parley's license authority key (raw 32-byte Ed25519, base64). Its private
 * half is not in this repository; a deployment that issues its own licenses sets
 * `LICENSE_PUBLIC_KEY` to the public half of its own key (`scripts/issue-license.mjs keygen`).
 */
export const DEFAULT_LICENSE_PUBLIC_KEY = 'lkWEZzJ0SzNvYtbBa7it7VkBszi/rfOGZXpi04G1pCQ=';

export interface LicenseConfig {
  /** Raw Ed25519 public key, base64 (32 bytes). */
  publicKey: string;
  /** The license service that takes payments and hands out renewed licenses; "" turns renewal off. */
  serviceUrl: string;
}

export function parseLicense(env: Env, problems: string[]): LicenseConfig {
  const publicKey = env.LICENSE_PUBLIC_KEY?.trim() || DEFAULT_LICENSE_PUBLIC_KEY;
  if (Buffer.from(publicKey, 'base64').length !== 32)
    problems.push('LICENSE_PUBLIC_KEY must be a raw Ed25519 public key in base64 (32 bytes)');
  const serviceUrl = (env.LICENSE_SERVICE_URL?.trim() ?? '').replace(/\/+$/, '');
  if (serviceUrl && !/^https?:\/\/[^\s/]+/.test(serviceUrl))
    problems.push('LICENSE_SERVICE_URL must be an http(s) URL or empty');
  return { publicKey, serviceUrl };
}
