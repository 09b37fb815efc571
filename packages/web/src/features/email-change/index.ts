/**
 * Changing one's e-mail address (issue 12; docs/api.md, "Changing the e-mail address"): the
 * section of My account and the page the confirmation link opens.
 */
export { EmailSection } from './email-section';
export { ConfirmEmailPage } from './confirm-email-page';
