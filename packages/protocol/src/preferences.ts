/**
 * A user's client preferences (issue 14, Parley's extension): how the web client looks and sounds,
 * stored on the server so every device of the user follows (docs/api.md, "Preferences").
 */
import Type from 'typebox';
import { Nullable } from './common.js';

/** `auto` follows the system's light or dark setting. */
export const ThemePreference = Type.Union([
  Type.Literal('auto'),
  Type.Literal('light'),
  Type.Literal('dark'),
]);
export type ThemePreference = Type.Static<typeof ThemePreference>;

/** Which side the user's own messages sit on. */
export const OwnMessagesSide = Type.Union([Type.Literal('left'), Type.Literal('right')]);
export type OwnMessagesSide = Type.Static<typeof OwnMessagesSide>;

/** A language tag the client offers (`en`, `pt`, `zh`…); `null` follows the browser. */
export const PreferredLanguage = Nullable(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$', maxLength: 5 }));

/** `GET /user/preferences`, and the whole of them in `user_preferences_changed`. */
export const UserPreferences = Type.Object({
  theme: ThemePreference,
  own_messages: OwnMessagesSide,
  /** A short sound when a message arrives. */
  message_sound: Type.Boolean(),
  language: PreferredLanguage,
  /** Milliseconds; 0 while the user has never saved any (the defaults). */
  updated_at: Type.Integer({ minimum: 0 }),
});
export type UserPreferences = Type.Static<typeof UserPreferences>;

/** `PUT /user/preferences`: any of the fields; the rest keep their value. */
export const UpdatePreferencesRequest = Type.Object(
  {
    theme: Type.Optional(ThemePreference),
    own_messages: Type.Optional(OwnMessagesSide),
    message_sound: Type.Optional(Type.Boolean()),
    language: Type.Optional(PreferredLanguage),
  },
  { additionalProperties: false },
);
export type UpdatePreferencesRequest = Type.Static<typeof UpdatePreferencesRequest>;

export const DEFAULT_PREFERENCES: UserPreferences = {
  theme: 'auto',
  own_messages: 'left',
  message_sound: false,
  language: null,
  updated_at: 0,
};
