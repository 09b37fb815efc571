/**
 * Two-factor sign-in (issue 12; docs/api.md, "Two-factor sign-in"): the code step of the login
 * page, the section of My account (loaded when opened), the administrator's reset of a member,
 * and the start of a session that sends users to enrolment while the administrator requires it.
 */
export { askSecondFactor, clearSecondFactor, useSecondFactor } from './challenge-store';
export { SecondFactorStep } from './second-factor-step';
export { ResetTwoFactor } from './reset-member';
export { useEnterApp } from './enter-app';
export const loadSecurityPage = () => import('./security-page');
