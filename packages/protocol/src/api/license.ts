import Type from 'typebox';
import { License, LicenseRenewal, LicenseRequest, RenewLicenseRequest } from '../system.js';
import type { RouteSpec } from './route.js';

const tag = 'system';

/** Licenses (API.md §11.3; renewal is a Parley extension, docs/api.md "License"). */
export const LICENSE_ROUTES = {
  getLicense: { method: 'GET', path: '/license', auth: 'public', kind: 'json', tag, response: License },
  checkLicense: {
    method: 'POST',
    path: '/license/check',
    auth: 'header',
    kind: 'json',
    tag,
    description: 'Verifies a license without installing it (admin); 400 when invalid or expired.',
    body: LicenseRequest,
    response: License,
  },
  putLicense: {
    method: 'PUT',
    path: '/license',
    auth: 'header',
    kind: 'json',
    tag,
    description: 'Installs a license (admin); 400 when invalid or expired.',
    body: LicenseRequest,
    response: Type.Boolean(),
  },
  getLicenseRenewal: {
    method: 'GET',
    path: '/license/renewal',
    auth: 'header',
    kind: 'json',
    tag,
    description: 'Parley: where to pay for a renewal at the configured license service (admin).',
    query: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 253 }) }),
    response: LicenseRenewal,
  },
  renewLicense: {
    method: 'POST',
    path: '/license/renew',
    auth: 'header',
    kind: 'json',
    tag,
    description:
      'Parley: fetches the license paid for in a payment session from the license service and installs it (admin).',
    body: RenewLicenseRequest,
    response: License,
  },
} as const satisfies Record<string, RouteSpec>;
