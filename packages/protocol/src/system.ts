import Type from 'typebox';
import { Nullable } from './common.js';
import { LIMITS } from './limits.js';

export const Organization = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  server_id: Type.String(),
});
export type Organization = Type.Static<typeof Organization>;

export const UpdateOrganizationRequest = Type.Object({
  name: Type.String({ minLength: 1, maxLength: LIMITS.organizationNameMaxLength }),
  description: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.descriptionMaxLength }))),
});
export type UpdateOrganizationRequest = Type.Static<typeof UpdateOrganizationRequest>;

export const WhoCanSignUp = Type.Union([Type.Literal('EveryOne'), Type.Literal('InvitationOnly')]);
export type WhoCanSignUp = Type.Static<typeof WhoCanSignUp>;

export const OidcProvider = Type.Object({
  enable: Type.Boolean(),
  favicon: Type.String({ maxLength: 2048 }),
  domain: Type.String({ maxLength: 253 }),
});

export const LoginConfig = Type.Object({
  who_can_sign_up: WhoCanSignUp,
  guest: Type.Boolean(),
  password: Type.Boolean(),
  magic_link: Type.Boolean(),
  google: Type.Boolean(),
  github: Type.Boolean(),
  oidc: Type.Array(OidcProvider, { maxItems: 32 }),
  metamask: Type.Boolean(),
  third_party: Type.Boolean(),
});
export type LoginConfig = Type.Static<typeof LoginConfig>;

export const ChatLayoutMode = Type.Union([Type.Literal('Left'), Type.Literal('SelfRight')]);
/**
 * Who a member may list and search (issue 13; docs/api.md "Member directory"): everyone, the people
 * they share a channel or a DM with, or (for browsing) nobody; administrators always see everyone.
 */
export const DirectoryVisibility = Type.Union([
  Type.Literal('everyone'),
  Type.Literal('shared_channels'),
  Type.Literal('admins_only'),
]);
export type DirectoryVisibility = Type.Static<typeof DirectoryVisibility>;
export const FileExpiryMode = Type.Union([
  Type.Literal('Off'),
  Type.Literal('Day1'),
  Type.Literal('Day7'),
  Type.Literal('Day30'),
  Type.Literal('Day90'),
  Type.Literal('Day180'),
]);

export const SystemCommon = Type.Object({
  show_user_online_status: Type.Boolean(),
  webclient_auto_update: Type.Boolean(),
  contact_verification_enable: Type.Boolean(),
  chat_layout_mode: ChatLayoutMode,
  max_file_expiry_mode: FileExpiryMode,
  only_admin_can_create_group: Type.Boolean(),
  who_can_invite_users: Type.Boolean(),
  ext_setting: Nullable(Type.String({ maxLength: 16_384 })),
  msg_smtp_notify_enable: Type.Boolean(),
  msg_smtp_notify_delay_seconds: Type.Integer({ minimum: 0, maximum: 604_800 }),
  dm_enable: Type.Boolean(),
  add_friend_enable: Type.Boolean(),
  search_user_enable: Type.Boolean(),
  directory_visibility: DirectoryVisibility,
});
export type SystemCommon = Type.Static<typeof SystemCommon>;
/** Any subset of the fields; an unknown key is refused (400), so a typo never passes silently. */
export const UpdateSystemCommonRequest = Type.Object(Type.Partial(SystemCommon).properties, {
  additionalProperties: false,
});
export type UpdateSystemCommonRequest = Type.Static<typeof UpdateSystemCommonRequest>;

export const Metrics = Type.Object({
  user_count: Type.Integer(),
  group_count: Type.Integer(),
  online_user_count: Type.Integer(),
  version: Type.String(),
});
export type Metrics = Type.Static<typeof Metrics>;

export const License = Type.Object({
  domains: Type.Array(Type.String()),
  user_limit: Type.Integer(),
  created_at: Type.String(),
  expired_at: Type.String(),
  sign: Type.Boolean(),
  base58: Type.String(),
});
export type License = Type.Static<typeof License>;

/** The license text: base58 of the signed payload (docs/api.md "License"). */
export const LicenseRequest = Type.Object({ license: Type.String({ minLength: 1, maxLength: 8192 }) });
export type LicenseRequest = Type.Static<typeof LicenseRequest>;

/** Parley: where a renewal is paid (SPEC §4); `enabled: false` when no license service is configured. */
export const LicenseRenewal = Type.Object({ enabled: Type.Boolean(), payment_url: Type.String() });
export type LicenseRenewal = Type.Static<typeof LicenseRenewal>;

/** Parley: the confirm step of a renewal, with the payment session the license service returned. */
export const RenewLicenseRequest = Type.Object({ session_id: Type.String({ minLength: 1, maxLength: 256 }) });
export type RenewLicenseRequest = Type.Static<typeof RenewLicenseRequest>;

export const PublicClientConfig = Type.Object({ client_id: Type.String() });

export const CloudflaredAutoInfo = Type.Object({
  auto_cftunnel: Type.Boolean(),
  tunnel_status: Type.Object({ status: Type.String(), url: Type.String(), error: Type.String() }),
});
