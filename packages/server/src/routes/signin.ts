import type { Ctx } from '../context.js';
import * as signin from '../services/signin/index.js';
import type { Handlers } from './register.js';

/** Sign-in with outside identities and their settings (issue 12). */
export const signinHandlers = (ctx: Ctx) =>
  ({
    openidAuthorize: (req) => signin.openidAuthorize(ctx, req.body, `${req.protocol}://${req.host}`, req.ip),
    githubAuthorize: (req) => signin.githubAuthorize(ctx, req.body, `${req.protocol}://${req.host}`, req.ip),
    googleAuthorize: (req) => signin.googleAuthorize(ctx, req.body, `${req.protocol}://${req.host}`, req.ip),
    metamaskNonce: (req) => signin.metamaskNonce(ctx, req.query.public_address, req.ip),
    getCredentials: (req) => signin.credentials(ctx, req.actor),
    bindCredential: (req) => signin.bind(ctx, req.actor, req.body.credential, req.ip),
    getOidcClients: (req) => signin.getOidcClients(ctx, req.actor),
    setOidcClients: (req) => signin.setOidcClients(ctx, req.actor, req.body),
    getGoogleAuthConfig: (req) => signin.getGoogleAuth(ctx, req.actor),
    setGoogleAuthConfig: (req) => signin.setGoogleAuth(ctx, req.actor, req.body),
    getGithubAuthConfig: (req) => signin.getGithubAuth(ctx, req.actor),
    setGithubAuthConfig: (req) => signin.setGithubAuth(ctx, req.actor, req.body),
    getGooglePublicConfig: () => signin.googlePublicConfig(ctx),
    getGithubPublicConfig: () => signin.githubPublicConfig(ctx),
  }) satisfies Partial<Handlers>;
