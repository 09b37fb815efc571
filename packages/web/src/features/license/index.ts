export { LicenseBanner } from './license-banner';
