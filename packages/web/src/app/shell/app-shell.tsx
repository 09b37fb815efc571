import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useMatch } from 'react-router';
import { SearchLauncher } from '../../features/search';
import { GearIcon, isEmbedded, UserMenu } from '../../features/settings';
import { IncomingCall } from '../../features/voice';
import { useAppSelector } from '../../lib/store';
import { BookmarkIcon, ChatIcon, FolderIcon, UsersIcon } from '../../ui';
import { ConnectionBanner } from './connection-banner';
import './embed.css';

/** The signed-in layout: a navigation rail (a bottom bar on phones) and the current section. */
export function AppShell() {
  const { t } = useTranslation(['common', 'admin', 'filespage']);
  const inConversation = useMatch('/chat/:kind/:id');
  const inUserDetail = useMatch('/users/:uid');
  const atRoot = useMatch('/');
  const detail = Boolean(inConversation || inUserDetail);
  // `chat_layout_mode` (API.md §3) applies live: `server_config_changed` updates the store.
  const layout = useAppSelector((state) => state.server.common?.chat_layout_mode ?? 'Left');
  // Marks the end of the initial sync, so tools and tests can tell a settled view from a filling one.
  const synced = useAppSelector((state) => state.stream.ready);
  return (
    <div
      className="app-shell"
      data-detail={detail || undefined}
      data-chat-layout={layout}
      data-synced={synced || undefined}
    >
      {/* The hash router would read `#main-content` as a route, so the link moves focus itself. */}
      <a className="skip-link" href="#main-content" onClick={skipToContent} data-testid="skip-link">
        {t('nav.skip_to_content')}
      </a>
      <nav className="nav-rail" aria-label={t('nav.label')}>
        <div className="nav-rail__links">
          <NavLink
            to="/chat"
            className={({ isActive }) => navClass(isActive || Boolean(atRoot))}
            data-testid="nav-chat"
          >
            <ChatIcon size={22} />
            <span className="visually-hidden">{t('nav.chat')}</span>
          </NavLink>
          <NavLink to="/users" className={({ isActive }) => navClass(isActive)} data-testid="nav-users">
            <UsersIcon size={22} />
            <span className="visually-hidden">{t('nav.users')}</span>
          </NavLink>
          <NavLink to="/favs" className={({ isActive }) => navClass(isActive)} data-testid="nav-favs">
            <BookmarkIcon size={22} />
            <span className="visually-hidden">{t('nav.favs')}</span>
          </NavLink>
          <NavLink to="/files" className={({ isActive }) => navClass(isActive)} data-testid="nav-files">
            <FolderIcon size={22} />
            <span className="visually-hidden">{t('filespage:nav')}</span>
          </NavLink>
          <NavLink to="/setting" className={({ isActive }) => navClass(isActive)} data-testid="nav-settings">
            <GearIcon size={22} />
            <span className="visually-hidden">{t('admin:title')}</span>
          </NavLink>
          <SearchLauncher className={navClass(false)} />
        </div>
        {/* Framed, the rail is hidden: the channel list's header carries the account menu instead. */}
        {isEmbedded() ? null : <UserMenu />}
      </nav>
      <div className="app-shell__main" id="main-content" tabIndex={-1}>
        <ConnectionBanner />
        <Outlet />
        <IncomingCall />
      </div>
    </div>
  );
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}

const navClass = (active: boolean) => `nav-rail__link${active ? ' nav-rail__link--active' : ''}`;
