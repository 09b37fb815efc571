import type { ComponentType } from 'react';
import type { I18nKey } from '../../lib/i18n';
import { InfoIcon, MailIcon, ServerIcon, ShieldIcon, SparkIcon, UsersIcon, type IconProps } from '../../ui';
import { BellIcon, CodeIcon, DatabaseIcon, GearIcon, KeyIcon, UserIcon } from './icons';

export interface SettingsEntry {
  /** The `:nav` of `/setting/:nav`. */
  id: string;
  label: I18nKey;
  icon: ComponentType<IconProps>;
  /** `admin`: hidden from everyone else (the server refuses them the data as well). */
  role: 'admin' | 'member';
  /** Loaded when the section is first opened. */
  load: () => Promise<ComponentType>;
}

/**
 * Every section of `/setting/:nav`, in menu order. A new screen is one line here.
 */
export const SETTINGS_NAV: readonly SettingsEntry[] = [
  {
    id: 'overview',
    label: 'admin:nav.overview',
    icon: GearIcon,
    role: 'admin',
    load: async () => (await import('./pages/overview-page')).OverviewPage,
  },
  {
    id: 'members',
    label: 'admin:nav.members',
    icon: UsersIcon,
    role: 'admin',
    load: async () => (await import('./pages/members-page')).MembersPage,
  },
  {
    id: 'data',
    label: 'admin:nav.data',
    icon: DatabaseIcon,
    role: 'admin',
    load: async () => (await import('./pages/data-page')).DataPage,
  },
  {
    id: 'bots',
    label: 'admin:nav.bots',
    icon: SparkIcon,
    role: 'admin',
    load: async () => (await import('../bots')).BotsPage,
  },
  {
    id: 'smtp',
    label: 'admin:nav.smtp',
    icon: MailIcon,
    role: 'admin',
    load: async () => (await import('./smtp-settings-page')).SmtpSettingsPage,
  },
  {
    id: 'login',
    label: 'signin:methods.menu',
    icon: ShieldIcon,
    role: 'admin',
    load: async () => (await (await import('../signin')).loadLoginMethodsPage()).LoginMethodsPage,
  },
  {
    id: 'third_party',
    label: 'thirdparty:settings.menu',
    icon: KeyIcon,
    role: 'admin',
    load: async () => (await import('./third-party-settings-page')).ThirdPartySettingsPage,
  },
  {
    id: 'voice',
    label: 'voice:settings.menu',
    icon: ServerIcon,
    role: 'admin',
    load: async () => (await import('./voice-settings-page')).VoiceSettingsPage,
  },
  {
    id: 'widget',
    label: 'widget:settings.menu',
    icon: CodeIcon,
    role: 'admin',
    load: async () => (await import('./widget-settings-page')).WidgetSettingsPage,
  },
  {
    id: 'audit',
    label: 'audit:menu',
    icon: ShieldIcon,
    role: 'admin',
    load: async () => (await import('./audit-page')).AuditPage,
  },
  {
    id: 'account',
    label: 'admin:nav.account',
    icon: UserIcon,
    role: 'member',
    load: async () => (await import('./pages/account-page')).AccountPage,
  },
  {
    id: 'notifications',
    label: 'notify:menu',
    icon: BellIcon,
    role: 'member',
    load: async () => (await (await import('../notifications')).loadNotificationsPage()).NotificationsPage,
  },
  {
    id: 'license',
    label: 'admin:nav.license',
    icon: KeyIcon,
    role: 'admin',
    load: async () => (await import('./pages/license-page')).LicensePage,
  },
  {
    id: 'about',
    label: 'admin:nav.about',
    icon: InfoIcon,
    role: 'member',
    load: async () => (await import('./pages/about-page')).AboutPage,
  },
  {
    id: 'api',
    label: 'admin:nav.api_docs',
    icon: CodeIcon,
    role: 'admin',
    load: async () => (await import('./pages/api-docs-page')).ApiDocsPage,
  },
];

export const visibleEntries = (isAdmin: boolean) =>
  SETTINGS_NAV.filter((entry) => entry.role === 'member' || isAdmin);
