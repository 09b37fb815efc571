import Type from 'typebox';
import { CreateThirdPartyKeyRequest } from '../third-party.js';
import type { RouteSpec } from './route.js';

/** Third-party sign-in: the secret (admin) and the keys a site mints with it (API.md §2.2, §3). */
export const THIRD_PARTY_ROUTES = {
  getThirdPartySecret: {
    method: 'GET',
    path: '/admin/system/third_party_secret',
    auth: 'header',
    kind: 'text',
    tag: 'system',
    description: 'The secret a site sends as `X-SECRET` to mint sign-in keys (made on first use).',
  },
  regenerateThirdPartySecret: {
    method: 'POST',
    path: '/admin/system/third_party_secret',
    auth: 'header',
    kind: 'text',
    tag: 'system',
    description: 'Replaces the secret with a new one and answers it; the old one stops working at once.',
  },
  createThirdPartyKey: {
    method: 'POST',
    path: '/token/create_third_party_key',
    auth: 'public',
    kind: 'json',
    tag: 'token',
    description:
      'A single-use key for the `thirdparty` credential of `POST /token/login`, valid 120 s. Needs the header `X-SECRET` (401 when missing or wrong); 403 while third-party sign-in is off.',
    body: CreateThirdPartyKeyRequest,
    response: Type.String(),
  },
} as const satisfies Record<string, RouteSpec>;
