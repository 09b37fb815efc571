import type { UpdatePreferencesRequest, UserPreferences } from '@parley/protocol';
import { useSyncExternalStore } from 'react';
import { getPreferences, updatePreferences } from '../api';
import { currentLanguage, i18n } from '../i18n';
import { getState } from '../store';
import { readThemePreference, setThemePreference } from '../theme';
import { readMessageSound, storedSide, storeMessageSound, storeOwnMessagesSide } from './local';

/**
 * The user's preferences, kept on the server and followed on every device (issue 14;
 * docs/preferences.md): a change here applies at once and is saved; a change from another device
 * arrives as `user_preferences_changed` and applies the same way. Guests keep theirs in the browser.
 */
let appliedAt = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const isGuest = () => getState().auth?.user.create_by === 'guest';
const signedIn = () => getState().auth !== null && !isGuest();

async function applyLanguage(language: string): Promise<void> {
  if (language === currentLanguage()) return;
  await i18n.loadLanguages(language);
  await i18n.changeLanguage(language);
}

function applyLocally(change: UpdatePreferencesRequest): Promise<void> {
  if (change.theme) setThemePreference(change.theme);
  if (change.own_messages) storeOwnMessagesSide(change.own_messages);
  if (change.message_sound !== undefined) storeMessageSound(change.message_sound);
  notify();
  return change.language ? applyLanguage(change.language) : Promise.resolve();
}

/** Applies the server's copy unless this page already holds a newer one. */
export async function applyPreferences(prefs: UserPreferences): Promise<void> {
  if (prefs.updated_at <= appliedAt) return;
  appliedAt = prefs.updated_at;
  await applyLocally(prefs);
}

/** Takes the server's copy, if the user ever saved one (a device keeps its own until then). */
export async function syncPreferences(): Promise<void> {
  if (!signedIn()) return;
  const prefs = await getPreferences().catch(() => null);
  if (prefs && prefs.updated_at > 0) await applyPreferences(prefs);
}

/** The user changed something here: applied at once, then saved for their other devices. */
export async function savePreferences(change: UpdatePreferencesRequest): Promise<void> {
  await applyLocally(change);
  if (!signedIn()) return;
  const saved = await updatePreferences(change).catch(() => null);
  if (saved) appliedAt = Math.max(appliedAt, saved.updated_at);
}

export interface LocalPreferences {
  theme: UserPreferences['theme'];
  own_messages: UserPreferences['own_messages'];
  message_sound: boolean;
}

let snapshot: LocalPreferences | undefined;
function readLocal(): LocalPreferences {
  const next = {
    theme: readThemePreference(),
    // Until the user chooses, the side shown is the one the server's layout gives.
    own_messages:
      storedSide() ?? (getState().server.common?.chat_layout_mode === 'SelfRight' ? 'right' : 'left'),
    message_sound: readMessageSound(),
  };
  if (
    !snapshot ||
    snapshot.theme !== next.theme ||
    snapshot.own_messages !== next.own_messages ||
    snapshot.message_sound !== next.message_sound
  )
    snapshot = next;
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This browser's theme, side and sound, re-rendering when any device changes them. */
export const useLocalPreferences = (): LocalPreferences => useSyncExternalStore(subscribe, readLocal);

let audio: AudioContext | undefined;

/** A short two-note chime, made on the spot (no sound file to download). */
export function playMessageSound(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    [880, 1320].forEach((frequency, i) => {
      const tone = audio!.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(start + i * 0.09);
      tone.stop(start + 0.35);
    });
  } catch {
    /* no audio here (or not allowed before the first interaction) */
  }
}
