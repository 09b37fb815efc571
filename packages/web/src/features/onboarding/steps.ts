export const STEP_IDS = ['welcome', 'server', 'admin', 'signup', 'invite', 'done'] as const;
export type StepId = (typeof STEP_IDS)[number];

export const STEP_LABELS = {
  welcome: 'welcome:steps.welcome',
  server: 'welcome:steps.server',
  admin: 'welcome:steps.admin',
  signup: 'welcome:steps.signup',
  invite: 'welcome:steps.invite',
  done: 'welcome:steps.done',
} as const satisfies Record<StepId, string>;
