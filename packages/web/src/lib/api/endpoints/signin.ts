import type {
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

export const metamaskNonce = (address: string, errors?: ErrorOverrides) =>
  call('metamaskNonce', { query: { public_address: address } }, { errors });

export const getOidcClients = () => call('getOidcClients');
export const setOidcClients = (body: OidcClientsConfig) => call('setOidcClients', { body });
export const getGoogleAuthConfig = () => call('getGoogleAuthConfig');
export const setGoogleAuthConfig = (body: GoogleAuthConfig) => call('setGoogleAuthConfig', { body });
export const getGithubAuthConfig = () => call('getGithubAuthConfig');
export const setGithubAuthConfig = (body: GithubAuthConfig) => call('setGithubAuthConfig', { body });
