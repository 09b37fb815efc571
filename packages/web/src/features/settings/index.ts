export { UserMenu } from './user-menu';
export { isEmbedded } from './embedded';
export { GearIcon } from './icons';
/** The settings screens (`/setting/:nav`) load when opened. */
export const loadSettingsShell = () => import('./settings-shell');
export { AdminPageFrame } from './admin-page-frame';
export { saveWithToast, useSave, useSettingsForm } from './settings-save';
