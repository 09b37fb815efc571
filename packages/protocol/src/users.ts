import Type from 'typebox';
import { Id, Nullable } from './common.js';
import { MagicLinkCredential } from './accounts.js';
import { GithubCredential, GoogleCredential, MetamaskCredential, OidcCredential } from './signin.js';
import { ThirdPartyCredential } from './third-party.js';
import { LIMITS } from './limits.js';

export const CreateBy = Type.Union([
  Type.Literal('password'),
  Type.Literal('magiclink'),
  Type.Literal('google'),
  Type.Literal('github'),
  Type.Literal('oidc'),
  Type.Literal('metamask'),
  Type.Literal('thirdparty'),
  Type.Literal('guest'),
]);
export type CreateBy = Type.Static<typeof CreateBy>;

export const UserInfo = Type.Object({
  uid: Id,
  email: Nullable(Type.String()),
  name: Type.String(),
  gender: Type.Integer(),
  language: Type.String(),
  is_admin: Type.Boolean(),
  is_bot: Type.Boolean(),
  avatar_updated_at: Type.Integer(),
  create_by: Type.String(),
});
export type UserInfo = Type.Static<typeof UserInfo>;

const Email = Type.String({ minLength: 3, maxLength: LIMITS.emailMaxLength });
const Password = Type.String({ maxLength: LIMITS.passwordMaxLength });
const Name = Type.String({ minLength: 1, maxLength: LIMITS.nameMaxLength });

export const PasswordCredential = Type.Object({
  type: Type.Literal('password'),
  email: Type.String({ maxLength: LIMITS.emailMaxLength }),
  password: Password,
});
export type PasswordCredential = Type.Static<typeof PasswordCredential>;

/** The sign-in methods Parley offers; later ones join this union. */
export const LoginCredential = Type.Union([
  PasswordCredential,
  MagicLinkCredential,
  OidcCredential,
  GithubCredential,
  GoogleCredential,
  MetamaskCredential,
  ThirdPartyCredential,
]);
export type LoginCredential = Type.Static<typeof LoginCredential>;

export const LoginRequest = Type.Object({
  credential: LoginCredential,
  device: Type.Optional(Type.String({ maxLength: 128 })),
  device_token: Type.Optional(Nullable(Type.String({ maxLength: 4096 }))),
});
export type LoginRequest = Type.Static<typeof LoginRequest>;

export const LoginResponse = Type.Object({
  server_id: Type.String(),
  token: Type.String(),
  refresh_token: Type.String(),
  expired_in: Type.Integer(),
  user: UserInfo,
  initialized: Type.Boolean(),
});
export type LoginResponse = Type.Static<typeof LoginResponse>;

/** Renew answers 401 for every failure (API.md §15.4), so its body is validated by hand, not by schema. */
export const RenewRequest = Type.Object({
  token: Type.Optional(Type.Unknown()),
  refresh_token: Type.Optional(Type.Unknown()),
});
export const RenewResponse = Type.Object({
  token: Type.String(),
  refresh_token: Type.String(),
  expired_in: Type.Integer(),
});
export type RenewResponse = Type.Static<typeof RenewResponse>;

export const RegisterRequest = Type.Object({
  magic_token: Type.Optional(Nullable(Type.String({ maxLength: 512 }))),
  email: Email,
  password: Type.String({ minLength: LIMITS.passwordMinLength, maxLength: LIMITS.passwordMaxLength }),
  name: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.nameMaxLength }))),
  gender: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  language: Type.Optional(Type.String({ maxLength: 35 })),
  device: Type.Optional(Type.String({ maxLength: 128 })),
  device_token: Type.Optional(Nullable(Type.String({ maxLength: 4096 }))),
});
export type RegisterRequest = Type.Static<typeof RegisterRequest>;

export const CreateAdminRequest = Type.Object({
  email: Email,
  name: Name,
  password: Type.String({ minLength: LIMITS.passwordMinLength, maxLength: LIMITS.passwordMaxLength }),
  gender: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  language: Type.Optional(Type.String({ maxLength: 35 })),
});
export type CreateAdminRequest = Type.Static<typeof CreateAdminRequest>;

export const UpdateUserRequest = Type.Object({
  name: Type.Optional(Name),
  gender: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  language: Type.Optional(Type.String({ minLength: 1, maxLength: 35 })),
});
export type UpdateUserRequest = Type.Static<typeof UpdateUserRequest>;

export const ChangePasswordRequest = Type.Object({
  old_password: Password,
  new_password: Type.String({ minLength: LIMITS.passwordMinLength, maxLength: LIMITS.passwordMaxLength }),
});
export type ChangePasswordRequest = Type.Static<typeof ChangePasswordRequest>;

export const ContactInfo = Type.Object({
  status: Type.Union([Type.Literal('added'), Type.Literal('blocked'), Type.Literal('')]),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export const Contact = Type.Object({ target_uid: Id, target_info: UserInfo, contact_info: ContactInfo });
export type Contact = Type.Static<typeof Contact>;

export const UserLog = Type.Object({
  log_id: Type.Integer(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  uid: Id,
  email: Nullable(Type.String()),
  name: Nullable(Type.String()),
  gender: Nullable(Type.Integer()),
  language: Nullable(Type.String()),
  is_admin: Nullable(Type.Boolean()),
  is_bot: Nullable(Type.Boolean()),
  avatar_updated_at: Nullable(Type.Integer()),
});
export type UserLog = Type.Static<typeof UserLog>;

export const UserState = Type.Object({ uid: Id, online: Type.Boolean() });
export type UserState = Type.Static<typeof UserState>;

export const CheckEmailQuery = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) });
export type CheckEmailQuery = Type.Static<typeof CheckEmailQuery>;

export const CheckMagicTokenRequest = Type.Object({ magic_token: Type.String({ maxLength: 512 }) });
export type CheckMagicTokenRequest = Type.Static<typeof CheckMagicTokenRequest>;

export const AvatarQuery = Type.Object({ uid: Type.Integer({ minimum: 0 }) });
export type AvatarQuery = Type.Static<typeof AvatarQuery>;
