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
    case 'auth/loggedIn':
      return { ...state, initialized: true, serverId: action.login.server_id || state.serverId };
    case 'stream/event': {
      const { event } = action;
      if (event.type !== 'server_config_changed') return state;
      return {
        ...state,
        name: event.organization_name ?? state.name,
        description: event.organization_description ?? state.description,
      };
    }
    default:
      return state;
  }
}
