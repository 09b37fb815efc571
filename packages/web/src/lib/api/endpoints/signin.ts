import type {
  EmailInviteRequest,
  GithubAuthConfig,
  GoogleAuthConfig,
  LoginCredential,
  OidcClientsConfig,
} from '@parley/protocol';
import { call } from '../call';
import type { ErrorOverrides } from '../error-toast';

/** `POST /token/login` with any credential (OpenID Connect, MetaMask, …). */
export const loginWith = (credential: LoginCredential, device: string, errors?: ErrorOverrides) =>
  call('login', { body: { credential, device, device_token: '' } }, { errors });

export const openidAuthorize = (issuer: string, redirectUri: string, errors?: ErrorOverrides) =>
  call('openidAuthorize', { body: { issuer, redirect_uri: redirectUri } }, { errors });

/** Where the GitHub and Google buttons send the browser (`state`, `nonce`: the browser's own). */
export const githubAuthorize = (redirectUri: string, state: string, errors?: ErrorOverrides) =>
  call('githubAuthorize', { body: { redirect_uri: redirectUri, state } }, { errors });
export const googleAuthorize = (redirectUri: string, state: string, nonce: string, errors?: ErrorOverrides) =>
  call('googleAuthorize', { body: { redirect_uri: redirectUri, state, nonce } }, { errors });

/** The client ids the login page shows buttons for; '' when unset or unreadable (never toasts). */
export const getGithubClientIdQuietly = () =>
  call('getGithubPublicConfig', {}, { errors: { default: null } })
    .then((c) => c.client_id)
    .catch(() => '');
export const getGoogleClientIdQuietly = () =>
  call('getGooglePublicConfig', {}, { errors: { default: null } })
    .then((c) => c.client_id)
    .catch(() => '');

export const metamaskNonce = (address: string, errors?: ErrorOverrides) =>
  call('metamaskNonce', { query: { public_address: address } }, { errors });

export const getOidcClients = () => call('getOidcClients');
export const setOidcClients = (body: OidcClientsConfig) => call('setOidcClients', { body });
export const getGoogleAuthConfig = () => call('getGoogleAuthConfig');
export const setGoogleAuthConfig = (body: GoogleAuthConfig) => call('setGoogleAuthConfig', { body });
export const getGithubAuthConfig = () => call('getGithubAuthConfig');
export const setGithubAuthConfig = (body: GithubAuthConfig) => call('setGithubAuthConfig', { body });

/** Administrators: mails a single-use sign-up link that joins `gids` (Parley's own, `POST /invites/email`). */
export const inviteByEmail = (body: EmailInviteRequest, errors?: ErrorOverrides) =>
  call('inviteByEmail', { body }, { errors });

/** Third-party sign-in (docs/third-party.md): the secret a site mints sign-in keys with. */
export const getThirdPartySecret = () => call('getThirdPartySecret');
export const regenerateThirdPartySecret = () => call('regenerateThirdPartySecret');
