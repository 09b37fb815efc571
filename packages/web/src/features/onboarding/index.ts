export { InvitePanel } from './invite-panel';
export { OnboardingPage } from './onboarding-page';
