/** Sign-in methods beyond password and mail links: the admin screen loads when opened. */
export const loadLoginMethodsPage = () => import('./login-methods-page');
