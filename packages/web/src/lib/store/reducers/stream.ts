import { initialStreamState, type StreamState } from '../state';
import type { SliceAction } from './slice-action';

export function streamReducer(state: StreamState, action: SliceAction): StreamState {
  switch (action.type) {
    case 'stream/status':
      if (state.status === action.status) return state;
      return { status: action.status, ready: action.status === 'connected' ? state.ready : false };
    case 'stream/event':
      return action.event.type === 'ready' && !state.ready ? { ...state, ready: true } : state;
    case 'auth/cleared':
      return initialStreamState;
    default:
      return state;
  }
}
