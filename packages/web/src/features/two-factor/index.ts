/**
 * Two-factor sign-in (issue 12; docs/api.md, "Two-factor sign-in"): the code step of the login
 * page, the settings page (loaded when opened), the administrator's reset of a member, and the
 * check after sign-in that sends users to enrolment while the administrator requires it.
 */
export { askSecondFactor, clearSecondFactor, useSecondFactor } from './challenge-store';
export { SecondFactorStep } from './second-factor-step';
export { ResetTwoFactor } from './reset-member';
export const loadSecurityPage = () => import('./security-page');
export const checkEnrolment = async (go: (path: string) => void) =>
  (await import('./enrolment-check')).checkEnrolment(go);
