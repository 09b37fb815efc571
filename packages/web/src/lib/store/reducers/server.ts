import type { ServerEvent, SystemCommon } from '@parley/protocol';
import type { ServerState } from '../state';
import type { SliceAction } from './slice-action';

export function serverReducer(state: ServerState, action: SliceAction): ServerState {
  switch (action.type) {
    case 'server/initialized':
      return state.initialized === action.initialized ? state : { ...state, initialized: action.initialized };
    case 'server/organization':
      return {
        ...state,
        name: action.name,
        description: action.description,
        serverId: action.serverId ?? state.serverId,
      };
    case 'server/common':
      return { ...state, common: action.common };
    case 'auth/loggedIn':
      return { ...state, initialized: true, serverId: action.login.server_id || state.serverId };
    case 'stream/event': {
      const { event } = action;
      if (event.type !== 'server_config_changed') return state;
      return {
        ...state,
        name: event.organization_name ?? state.name,
        description: event.organization_description ?? state.description,
        common: state.common && mergeCommon(state.common, event),
      };
    }
    default:
      return state;
  }
}

/** The event's non-null system-common fields over the current ones (API.md §9.3: nulls are ignored). */
function mergeCommon(common: SystemCommon, event: Extract<ServerEvent, { type: 'server_config_changed' }>) {
  const next: Record<string, unknown> = { ...common };
  for (const key of Object.keys(common)) {
    const value = (event as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) next[key] = value;
  }
  return next as SystemCommon;
}
