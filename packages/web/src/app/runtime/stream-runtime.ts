import type { KickReason } from '@parley/protocol';
import { toast } from '../../lib/toast';
import { ensureFreshToken, getSystemCommon, listContacts, listUsers, probeSession } from '../../lib/api';
import { i18n, type I18nKey } from '../../lib/i18n';
import { endSession } from '../../lib/session';
import { dispatch, getState, store } from '../../lib/store';
import { loadChatCache } from '../../lib/store/persistence';
import { createStreamClient, type StreamClient } from '../../lib/stream';
import { notePreferenceEvents, syncPreferencesSoon } from '../../lib/preferences/note';
import { noteTypingEvent } from '../../lib/typing';
import { noteVoiceEvent } from '../../lib/voice';
import { goToLogin } from './navigation';

const STREAM_TOAST = 'stream-status';

const KICK_MESSAGES: Partial<Record<KickReason, I18nKey>> = {
  login_from_other_device: 'common:stream.kicked_other_device',
  delete_user: 'common:stream.account_deleted',
  frozen: 'common:stream.account_frozen',
  delete_device: 'common:stream.device_removed',
};

function handleKick(reason: KickReason) {
  const message = KICK_MESSAGES[reason];
  endSession();
  if (message) toast.error(i18n.t(message), { id: 'stream-kick' });
  goToLogin(false);
}

export function createAppStream(): StreamClient {
  let reconnectShown = false;
  return createStreamClient({
    createEventSource: (url) => new EventSource(url),
    getToken: () => getState().auth?.token ?? null,
    getCursor: () => ({ afterMid: getState().messages.afterMid, usersVersion: getState().users.version }),
    ensureFreshToken,
    isOnline: () => navigator.onLine,
    onStatus: (status) => dispatch({ type: 'stream/status', status }),
    onEvents: (events) => {
      const live = getState().stream.ready;
      dispatch({ type: 'stream/events', events });
      const selfUid = getState().auth?.user.uid ?? null;
      for (const event of events) {
        noteTypingEvent(event, selfUid);
        noteVoiceEvent(event);
      }
      notePreferenceEvents(events, selfUid, live);
    },
    onKick: handleKick,
    onReconnecting: () => {
      reconnectShown = true;
      toast.loading(i18n.t('common:stream.reconnecting'), { id: STREAM_TOAST });
    },
    onReady: () => {
      syncPreferencesSoon();
      if (!reconnectShown) return;
      reconnectShown = false;
      toast.success(i18n.t('common:stream.connected'), { id: STREAM_TOAST, duration: 2000 });
    },
    // A stream that cannot even open may hold a dead token; an ordinary call finds out and logs out on 401.
    onConnectFailed: () => probeSession().then(() => undefined),
  });
}

/** Opens the stream whenever a token exists and closes it when the login goes away. */
export function startStreamRuntime(stream: StreamClient): () => void {
  let token: string | null = null;

  const sync = () => {
    if (!getState().tabActive) return;
    const auth = getState().auth;
    const next = auth?.token ?? null;
    if ((next === null) === (token === null)) {
      token = next;
      return;
    }
    token = next;
    if (!auth) {
      stream.stop();
      toast.dismiss(STREAM_TOAST);
      return;
    }
    const { messages } = getState();
    if (Object.keys(messages.byMid).length === 0 && messages.afterMid === 0) {
      const cache = loadChatCache(auth.user.uid);
      if (cache) dispatch({ type: 'cache/restored', cache });
    }
    getSystemCommon()
      .then((common) => dispatch({ type: 'server/common', common }))
      .catch(() => undefined);
    listUsers()
      .then((users) => dispatch({ type: 'users/loaded', users }))
      // After `/user`, as the VoceChat client does (API.md §15.2); guests have no contacts.
      .then(() => (auth.user.create_by === 'guest' ? [] : listContacts()))
      .then((contacts) => dispatch({ type: 'contacts/loaded', contacts }))
      .catch(() => undefined);
    stream.start();
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible') stream.resume();
  };

  const unsubscribe = store.subscribe(sync);
  document.addEventListener('visibilitychange', onVisible);
  sync();
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
    stream.stop();
  };
}
