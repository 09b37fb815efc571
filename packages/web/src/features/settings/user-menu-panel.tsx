import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGES, currentLanguage, i18n } from '../../lib/i18n';
import { signOut } from '../../lib/session';
import { savePreferences, useLocalPreferences } from '../../lib/preferences/sync';
import { THEME_PREFERENCES, type ThemePreference } from '../../lib/theme';
import { Button, GlobeIcon, LogoutIcon, MonitorIcon, MoonIcon, SunIcon } from '../../ui';
import type { UserInfo } from '@parley/protocol';
import { UserAvatar } from '../users';
import './preferences.css';

const THEME_ICONS = { auto: MonitorIcon, light: SunIcon, dark: MoonIcon } as const;
const THEME_LABELS = {
  auto: 'setting:theme.auto',
  light: 'setting:theme.light',
  dark: 'setting:theme.dark',
} as const satisfies Record<ThemePreference, string>;

const SIDES = ['left', 'right'] as const;
const SIDE_LABELS = { left: 'prefs:own_messages.left', right: 'prefs:own_messages.right' } as const;

/** Loads the language first (one step, no loading screen), then saves it for the other devices. */
async function switchLanguage(language: string) {
  await i18n.loadLanguages(language);
  await savePreferences({ language });
}

/**
 * The account menu's panel: theme, own messages' side, sound, language, settings and logout; the
 * preferences follow the user to their other devices (lib/preferences). A module of its own, loaded on
 * the first open, so the first screen does not carry it.
 */
export default function UserMenuPanel({
  user,
  panelId,
  close,
}: {
  user: UserInfo;
  panelId: string;
  close: () => void;
}) {
  const { t } = useTranslation(['setting', 'common', 'admin', 'prefs']);
  const navigate = useNavigate();
  const { theme, own_messages: side, message_sound: sound } = useLocalPreferences();
  const [leaving, setLeaving] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('input, select, button')?.focus();
  }, []);

  const logout = async () => {
    setLeaving(true);
    await signOut();
    void navigate('/login', { replace: true });
  };

  return (
    <div
      ref={panelRef}
      id={panelId}
      className="user-menu__panel"
      role="dialog"
      aria-label={t('menu.title')}
      data-testid="user-menu"
    >
      <div className="user-menu__identity">
        <UserAvatar uid={user.uid} size={40} />
        <div>
          <p className="user-menu__name">{user.name}</p>
          {user.email ? <p className="user-menu__email">{user.email}</p> : null}
        </div>
      </div>
      <fieldset className="user-menu__group">
        <legend>{t('theme.label')}</legend>
        <div className="segmented">
          {THEME_PREFERENCES.map((preference) => {
            const Icon = THEME_ICONS[preference];
            return (
              <label key={preference} className="segmented__option">
                <input
                  type="radio"
                  name={`${panelId}-theme`}
                  value={preference}
                  checked={theme === preference}
                  onChange={() => void savePreferences({ theme: preference })}
                  data-testid={`theme-${preference}`}
                />
                <Icon size={16} />
                <span>{t(THEME_LABELS[preference])}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="user-menu__group">
        <legend>{t('prefs:own_messages.label')}</legend>
        <div className="segmented segmented--two">
          {SIDES.map((value) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name={`${panelId}-side`}
                value={value}
                checked={side === value}
                onChange={() => void savePreferences({ own_messages: value })}
                data-testid={`own-messages-${value}`}
              />
              <span>{t(SIDE_LABELS[value])}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="user-menu__group user-menu__sound">
        <input
          type="checkbox"
          checked={sound}
          onChange={(event) => void savePreferences({ message_sound: event.target.checked })}
          data-testid="message-sound"
        />
        <span>{t('prefs:sound.label')}</span>
      </label>
      <label className="user-menu__group user-menu__language">
        <span className="user-menu__legend">
          <GlobeIcon size={16} /> {t('language.label')}
        </span>
        <select
          className="input input--select"
          value={currentLanguage()}
          onChange={(event) => void switchLanguage(event.target.value)}
          data-testid="language-select"
        >
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.label}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="ghost"
        block
        onClick={() => {
          close();
          void navigate('/setting');
        }}
        data-testid="settings-link"
      >
        {t('admin:title')}
      </Button>
      <Button
        variant="danger"
        block
        icon={<LogoutIcon size={18} />}
        loading={leaving}
        onClick={() => void logout()}
        data-testid="logout-button"
      >
        {t('menu.logout')}
      </Button>
    </div>
  );
}
