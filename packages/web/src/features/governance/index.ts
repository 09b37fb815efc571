export { RetentionSetting } from './retention-setting';
