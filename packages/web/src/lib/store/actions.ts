import type {
  ChatMessage,
  Contact,
  Group,
  LoginResponse,
  RenewResponse,
  SystemCommon,
  UserInfo,
} from '@parley/protocol';
import type { SettingsChange } from './reducers/chat-settings';
import type { StreamEvent } from './events';
import type { ConvKey, Message, StreamStatus } from './state';

export interface CachedChat {
  afterMid: number;
  usersVersion: number;
  messages: Message[];
}

export type Action =
  | { type: 'auth/loggedIn'; login: LoginResponse; now: number }
  | { type: 'auth/renewed'; renew: RenewResponse; now: number }
  | { type: 'auth/cleared' }
  | { type: 'server/initialized'; initialized: boolean }
  | { type: 'server/organization'; name: string; description: string | null; serverId: string | null }
  | { type: 'server/common'; common: SystemCommon }
  | { type: 'stream/status'; status: StreamStatus }
  | { type: 'stream/events'; events: StreamEvent[] }
  | { type: 'users/loaded'; users: UserInfo[] }
  | { type: 'groups/created'; group: Group }
  | { type: 'messages/history'; conv: ConvKey; messages: ChatMessage[]; limit: number }
  | { type: 'messages/sending'; message: Message }
  | { type: 'messages/sent'; conv: ConvKey; localId: number; mid: number }
  | { type: 'messages/failed'; conv: ConvKey; localId: number }
  | { type: 'reads/marked'; conv: ConvKey; mid: number }
  | { type: 'contacts/loaded'; contacts: Contact[] }
  /** This device changed its own settings (other devices learn it from the stream). */
  | { type: 'settings/changed'; change: SettingsChange }
  | { type: 'network/online'; online: boolean }
  | { type: 'tab/deactivated' }
  | { type: 'cache/restored'; cache: CachedChat };

export interface ReducerContext {
  selfUid: number | null;
}
