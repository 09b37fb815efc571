export { RetentionSetting } from './retention-setting';
export { LicenseBanner } from './license-banner';
