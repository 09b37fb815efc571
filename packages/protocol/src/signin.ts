/** Sign-in with outside identities (API.md §2.1–§2.2, §11.2; issue 12). */
import Type from 'typebox';

const Invite = Type.Optional(Type.String({ maxLength: 512 }));

export const OidcCredential = Type.Object({
  type: Type.Literal('oidc'),
  code: Type.String({ minLength: 1, maxLength: 4096 }),
  state: Type.String({ minLength: 1, maxLength: 256 }),
  magic_token: Invite,
});
export type OidcCredential = Type.Static<typeof OidcCredential>;

export const GithubCredential = Type.Object({
  type: Type.Literal('github'),
  code: Type.String({ minLength: 1, maxLength: 4096 }),
  magic_token: Invite,
});
export type GithubCredential = Type.Static<typeof GithubCredential>;

export const GoogleCredential = Type.Object({
  type: Type.Literal('google'),
  id_token: Type.String({ minLength: 1, maxLength: 16_384 }),
  magic_token: Invite,
});
export type GoogleCredential = Type.Static<typeof GoogleCredential>;

export const MetamaskCredential = Type.Object({
  type: Type.Literal('metamask'),
  public_address: Type.String({ minLength: 1, maxLength: 64 }),
  nonce: Type.String({ minLength: 1, maxLength: 128 }),
  signature: Type.String({ minLength: 1, maxLength: 1024 }),
  magic_token: Invite,
});
export type MetamaskCredential = Type.Static<typeof MetamaskCredential>;

/** The credentials an outside identity signs in (and binds) with. */
export const SocialCredential = Type.Union([
  OidcCredential,
  GithubCredential,
  GoogleCredential,
  MetamaskCredential,
]);
export type SocialCredential = Type.Static<typeof SocialCredential>;

export const BindRequest = Type.Object({ credential: SocialCredential });
export type BindRequest = Type.Static<typeof BindRequest>;

export const Credentials = Type.Object({
  password: Type.Boolean(),
  google: Type.Union([Type.String(), Type.Null()]),
  metamask: Type.Union([Type.String(), Type.Null()]),
  oidc: Type.Array(Type.String()),
});
export type Credentials = Type.Static<typeof Credentials>;

export const OpenidAuthorizeRequest = Type.Object({
  issuer: Type.String({ minLength: 1, maxLength: 2048 }),
  redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
});
export type OpenidAuthorizeRequest = Type.Static<typeof OpenidAuthorizeRequest>;

export const OpenidAuthorizeResponse = Type.Object({ url: Type.String() });

/**
 * Parley's own: where the login page sends the browser for GitHub's code or Google's ID token.
 * `state` (and Google's `nonce`) are the browser's, checked by it on return.
 */
export const GithubAuthorizeRequest = Type.Object({
  redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  state: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type GithubAuthorizeRequest = Type.Static<typeof GithubAuthorizeRequest>;
export const GoogleAuthorizeRequest = Type.Object({
  redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  state: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  nonce: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type GoogleAuthorizeRequest = Type.Static<typeof GoogleAuthorizeRequest>;

export const MetamaskNonceQuery = Type.Object({
  public_address: Type.String({ minLength: 1, maxLength: 64 }),
});

/**
 * The client each OpenID issuer knows this server by (admin only: it holds secrets; the public
 * list of issuers is the login configuration's `oidc`).
 */
export const OidcClient = Type.Object({
  issuer: Type.String({ minLength: 1, maxLength: 2048 }),
  client_id: Type.String({ minLength: 1, maxLength: 512 }),
  client_secret: Type.String({ maxLength: 2048 }),
});
export type OidcClient = Type.Static<typeof OidcClient>;
export const OidcClientsConfig = Type.Object({ clients: Type.Array(OidcClient, { maxItems: 32 }) });
export type OidcClientsConfig = Type.Static<typeof OidcClientsConfig>;

export const GoogleAuthConfig = Type.Object({ client_id: Type.String({ maxLength: 512 }) });
export type GoogleAuthConfig = Type.Static<typeof GoogleAuthConfig>;

export const GithubAuthConfig = Type.Object({
  client_id: Type.String({ maxLength: 512 }),
  client_secret: Type.String({ maxLength: 512 }),
});
export type GithubAuthConfig = Type.Static<typeof GithubAuthConfig>;
