import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../lib/store';
import { ChatIcon } from '../../ui';

/** Chat home with nothing open (SPEC §2 "Welcome page with next steps"): where to go from here. */
export function WelcomePage() {
  const { t } = useTranslation('welcome');
  const serverName = useAppSelector((state) => state.server.name) || 'Parley';
  return (
    <div className="chat-empty welcome-page" data-testid="welcome-page">
      <ChatIcon size={40} />
      <h2>{t('home.title', { name: serverName })}</h2>
      <p>{t('home.description')}</p>
      <ol className="welcome-page__steps">
        <li>{t('home.step_channel')}</li>
        <li>{t('home.step_invite')}</li>
        <li>
          <Link to="/users" data-testid="welcome-members-link">
            {t('home.step_members')}
          </Link>
        </li>
      </ol>
    </div>
  );
}
