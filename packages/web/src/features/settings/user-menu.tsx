import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGES, currentLanguage, i18n } from '../../lib/i18n';
import { signOut } from '../../lib/session';
import { useAppSelector } from '../../lib/store';
import {
  THEME_PREFERENCES,
  setThemePreference,
  useThemePreference,
  type ThemePreference,
} from '../../lib/theme';
import { Button, GlobeIcon, LogoutIcon, MonitorIcon, MoonIcon, SunIcon } from '../../ui';
import { UserAvatar } from '../users';
import './settings.css';

const THEME_ICONS = { auto: MonitorIcon, light: SunIcon, dark: MoonIcon } as const;
const THEME_LABELS = {
  auto: 'setting:theme.auto',
  light: 'setting:theme.light',
  dark: 'setting:theme.dark',
} as const satisfies Record<ThemePreference, string>;

/** Loads the language first, so the switch happens in one step instead of through a loading screen. */
async function switchLanguage(language: string) {
  await i18n.loadLanguages(language);
  await i18n.changeLanguage(language);
}

/** The account button at the bottom of the rail: theme, language and logout. */
export function UserMenu() {
  const { t } = useTranslation(['setting', 'common', 'accounts', 'notify', 'voice', 'signin']);
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth?.user);
  const theme = useThemePreference();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('input, select, button')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;

  const logout = async () => {
    setLeaving(true);
    await signOut();
    void navigate('/login', { replace: true });
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        aria-label={t('menu.open', { name: user.name })}
        title={user.name}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu-button"
      >
        <UserAvatar uid={user.uid} size={36} showPresence />
      </button>
      {open ? (
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
                      onChange={() => setThemePreference(preference)}
                      data-testid={`theme-${preference}`}
                    />
                    <Icon size={16} />
                    <span>{t(THEME_LABELS[preference])}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
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
              setOpen(false);
              void navigate('/setting/notifications');
            }}
            data-testid="notify-settings-link"
          >
            {t('notify:menu')}
          </Button>
          {user.is_admin ? (
            <Button
              variant="ghost"
              block
              onClick={() => {
                setOpen(false);
                void navigate('/setting/smtp');
              }}
              data-testid="smtp-settings-link"
            >
              {t('accounts:smtp.menu')}
            </Button>
          ) : null}
          {user.is_admin ? (
            <Button
              variant="ghost"
              block
              onClick={() => {
                setOpen(false);
                void navigate('/setting/voice');
              }}
              data-testid="voice-settings-link"
            >
              {t('voice:settings.menu')}
            </Button>
          ) : null}
          {user.is_admin ? (
            <Button
              variant="ghost"
              block
              onClick={() => {
                setOpen(false);
                void navigate('/setting/login');
              }}
              data-testid="login-methods-link"
            >
              {t('signin:methods.menu')}
            </Button>
          ) : null}
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
      ) : null}
    </div>
  );
}
