/** Runtime-editable server settings live in the database under these keys, with these defaults. */
import {
  AgoraConfig,
  EmbeddingConfig,
  FcmConfig,
  GithubAuthConfig,
  GoogleAuthConfig,
  LoginConfig,
  OidcClientsConfig,
  SmtpConfig,
  SystemCommon,
  TotpPolicy,
  VoiceConfig,
  WidgetConfig,
} from '@parley/protocol';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Store } from '../store/types.js';

/** `channels` maps a gid (as a string) to its own days; 0 days keeps messages forever. */
export interface RetentionSetting {
  days: number;
  channels: Record<string, number>;
}

export interface OrganizationSetting {
  name: string;
  description: string | null;
}

export const SETTINGS = {
  organization: {
    key: 'organization',
    defaults: { name: 'Parley', description: null } as OrganizationSetting,
  },
  loginConfig: {
    key: 'login_config',
    defaults: {
      who_can_sign_up: 'EveryOne',
      guest: false,
      password: true,
      // Offered only while SMTP is enabled too (API.md §3.1).
      magic_link: true,
      google: false,
      github: false,
      oidc: [],
      metamask: false,
      third_party: false,
    } as LoginConfig,
    schema: LoginConfig,
  },
  systemCommon: {
    key: 'system_common',
    defaults: {
      show_user_online_status: true,
      webclient_auto_update: true,
      contact_verification_enable: false,
      chat_layout_mode: 'Left',
      max_file_expiry_mode: 'Off',
      only_admin_can_create_group: false,
      who_can_invite_users: true,
      ext_setting: null,
      msg_smtp_notify_enable: false,
      msg_smtp_notify_delay_seconds: 900,
      dm_enable: true,
      add_friend_enable: true,
      search_user_enable: true,
      directory_visibility: 'everyone',
    } as SystemCommon,
    schema: SystemCommon,
  },
  smtp: {
    key: 'smtp_config',
    defaults: { enabled: false, host: '', port: 25, from: '', username: '', password: '' } as SmtpConfig,
    schema: SmtpConfig,
  },
  fcm: {
    key: 'fcm_config',
    defaults: {
      enabled: false,
      use_official: true,
      token_url: '',
      project_id: '',
      private_key: '',
      client_email: '',
    } as FcmConfig,
    schema: FcmConfig,
  },
  agora: {
    key: 'agora_config',
    defaults: {
      enabled: false,
      url: '',
      project_id: '',
      app_id: '',
      app_certificate: '',
      customer_id: '',
      customer_secret: '',
    } as AgoraConfig,
    schema: AgoraConfig,
  },
  voice: {
    key: 'voice_config',
    defaults: {
      stun_urls: [],
      turn_urls: [],
      turn_secret: '',
      turn_ttl: 3600,
      mesh_limit: 6,
      max_calls: 100,
      ice_address_prefixes: [],
      sfu_url: '',
      sfu_limit: 50,
    } as VoiceConfig,
    schema: VoiceConfig,
  },
  oidcClients: {
    key: 'oidc_clients',
    defaults: { clients: [] } as OidcClientsConfig,
    schema: OidcClientsConfig,
  },
  googleAuth: {
    key: 'google_auth',
    defaults: { client_id: '' } as GoogleAuthConfig,
    schema: GoogleAuthConfig,
  },
  githubAuth: {
    key: 'github_auth',
    defaults: { client_id: '', client_secret: '' } as GithubAuthConfig,
    schema: GithubAuthConfig,
  },
  widget: {
    key: 'widget_config',
    defaults: { enabled: false } as WidgetConfig,
    schema: WidgetConfig,
  },
  totpPolicy: {
    key: 'totp_policy',
    defaults: { required: false } as TotpPolicy,
    schema: TotpPolicy,
  },
  embedding: {
    key: 'embedding_config',
    defaults: { frame_ancestors: [] } as EmbeddingConfig,
    schema: EmbeddingConfig,
  },
  widgetExtraCss: { key: 'widget_extra_css', defaults: '' as string },
  /** The third-party sign-in secret (services/signin/third-party.ts); '' until first read. */
  thirdPartySecret: { key: 'third_party_secret', defaults: '' as string },
  /** The installed license text ("" = the built-in default, services/license/index.ts). */
  license: { key: 'license', defaults: '' as string },
  /** Message retention (services/retention.ts): the server default and the channels' overrides. */
  retention: {
    key: 'retention',
    defaults: { days: 0, channels: {} } as RetentionSetting,
  },
  orgLogoUpdatedAt: { key: 'organization_logo_updated_at', defaults: 0 as number },
} as const;

type SettingName = keyof typeof SETTINGS;
type SettingValue<N extends SettingName> = (typeof SETTINGS)[N]['defaults'];

/**
 * Only the keys a setting's schema defines, at any depth. Bodies may carry others (schemas allow
 * extra keys for old clients), and a stored one was read, merged and sent on every use of the
 * setting (a 1 MB unknown value slowed every DM send).
 */
function knownKeysOnly<N extends SettingName>(name: N, value: SettingValue<N>): SettingValue<N> {
  const setting = SETTINGS[name];
  if (!('schema' in setting)) return value;
  return Value.Clean(setting.schema as TSchema, structuredClone(value)) as SettingValue<N>;
}

/** Reads a setting merged over its defaults, so fields added later get their default. */
export async function readSetting<N extends SettingName>(store: Store, name: N): Promise<SettingValue<N>> {
  const { key, defaults } = SETTINGS[name];
  const found = await store.settings.get<SettingValue<N>>(key);
  if (found === undefined) return defaults;
  const stored = knownKeysOnly(name, found);
  if (typeof defaults === 'object' && defaults !== null && typeof stored === 'object' && stored !== null) {
    return { ...defaults, ...stored };
  }
  return stored;
}

export async function writeSetting<N extends SettingName>(
  store: Store,
  name: N,
  value: SettingValue<N>,
): Promise<void> {
  await store.settings.set(SETTINGS[name].key, knownKeysOnly(name, value));
}
