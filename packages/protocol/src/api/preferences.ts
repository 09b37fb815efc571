import { UpdatePreferencesRequest, UserPreferences } from '../preferences.js';
import type { RouteSpec } from './route.js';

/**
 * The user's client preferences (Parley's extension, docs/api.md "Preferences"): read and changed
 * by any signed-in user for themselves; a change reaches their other devices as
 * `user_preferences_changed`.
 */
export const PREFERENCE_ROUTES = {
  getPreferences: {
    method: 'GET',
    path: '/user/preferences',
    auth: 'header',
    kind: 'json',
    tag: 'user',
    response: UserPreferences,
  },
  updatePreferences: {
    method: 'PUT',
    path: '/user/preferences',
    auth: 'header',
    kind: 'json',
    tag: 'user',
    description: 'Changes any of the fields; answers the whole of them.',
    body: UpdatePreferencesRequest,
    response: UserPreferences,
  },
} as const satisfies Record<string, RouteSpec>;
