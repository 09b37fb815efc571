import { createElement, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router';
import { i18n } from '../../lib/i18n';
import { useAppSelector } from '../../lib/store';
import { BackIcon, Spinner } from '../../ui';
import { SETTINGS_NAV, visibleEntries, type SettingsEntry } from './nav';
import './settings-shell.css';

/** Sections already loaded, so opening one again shows it at once. */
const loaded = new Map<string, ComponentType>();

/**
 * `/setting/:nav`: the section list on the left and the open section beside it. On a phone the
 * list is a page of its own (`/setting`) and a section has a way back to it.
 */
export function SettingsShell() {
  const { t } = useTranslation('admin');
  const { nav } = useParams();
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const entries = useMemo(() => visibleEntries(isAdmin), [isAdmin]);
  const known = SETTINGS_NAV.find((entry) => entry.id === nav);
  const allowed = known !== undefined && entries.includes(known);

  return (
    <div className="settings-shell" data-open={nav ? 'page' : 'list'} data-testid="settings-shell">
      <nav className="settings-shell__nav" aria-label={t('nav.label')}>
        <h1 className="settings-shell__title">{t('title')}</h1>
        <ul className="settings-shell__list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <NavLink
                to={`/setting/${entry.id}`}
                className={({ isActive }) =>
                  `settings-shell__link${isActive ? ' settings-shell__link--active' : ''}`
                }
                data-testid={`settings-nav-${entry.id}`}
              >
                <entry.icon size={18} />
                <span>{i18n.t(entry.label)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-shell__page">
        {nav ? (
          <NavLink to="/setting" className="settings-shell__back" data-testid="settings-back">
            <BackIcon size={18} />
            <span>{t('nav.back')}</span>
          </NavLink>
        ) : null}
        {!nav ? (
          <DesktopDefault first={entries[0]?.id} />
        ) : allowed ? (
          <Section key={known.id} entry={known} />
        ) : (
          <p className="settings-shell__notice" role="alert" data-testid="settings-refused">
            {known ? t('admin_only') : t('not_found')}
          </p>
        )}
      </div>
    </div>
  );
}

/** Without a section, wide screens open the first one; phones show the list instead. */
function DesktopDefault({ first }: { first: string | undefined }) {
  const wide = typeof window !== 'undefined' && window.matchMedia('(min-width: 761px)').matches;
  return wide && first ? <Navigate to={`/setting/${first}`} replace /> : null;
}

/** Loads a section's code on first use and renders it. */
function Section({ entry }: { entry: SettingsEntry }) {
  const [component, setComponent] = useState<ComponentType | undefined>(() => loaded.get(entry.id));
  useEffect(() => {
    if (component) return;
    let active = true;
    void entry.load().then((loadedComponent) => {
      loaded.set(entry.id, loadedComponent);
      if (active) setComponent(() => loadedComponent);
    });
    return () => {
      active = false;
    };
  }, [component, entry]);
  return component ? createElement(component) : <Spinner />;
}
