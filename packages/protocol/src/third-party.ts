/**
 * Third-party sign-in (API.md §1.4, §2.1–§2.2, §3): a site holding the server's third-party
 * secret mints a short-lived key for one of its own users, and the browser signs in with it.
 */
import Type from 'typebox';

/** A key minted by `POST /token/create_third_party_key`; single use, about two minutes. */
export const ThirdPartyCredential = Type.Object({
  type: Type.Literal('thirdparty'),
  key: Type.String({ minLength: 1, maxLength: 256 }),
});
export type ThirdPartyCredential = Type.Static<typeof ThirdPartyCredential>;

/** The site's own user: `userid` links the account, `username` names it when it is created. */
export const CreateThirdPartyKeyRequest = Type.Object({
  userid: Type.String({ minLength: 1, maxLength: 256 }),
  username: Type.String({ minLength: 1, maxLength: 256 }),
});
export type CreateThirdPartyKeyRequest = Type.Static<typeof CreateThirdPartyKeyRequest>;

/** How long a minted key can be used, in seconds. */
export const THIRD_PARTY_KEY_TTL_SECONDS = 120;
