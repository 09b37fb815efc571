/** Sign-in methods beyond password and mail links: the admin screen loads when opened. */
export const loadLoginMethodsPage = () => import('./login-methods-page');
export { OidcLanding } from './oidc-landing';
export { readOidcCallback } from './oidc-callback';
export { SocialButtons } from './social-buttons';
export { SocialLanding } from './social-landing';
export { peekSocialReturn } from './social-return';
