import { useTranslation } from 'react-i18next';
import { Button } from '../ui';

/** Shown in a tab that another tab of this app replaced (SPEC §4 "Multi-tab"). */
export function InactiveTab() {
  const { t } = useTranslation('common');
  return (
    <main className="inactive-tab" data-testid="inactive-tab">
      <div
        className="card inactive-tab__card"
        role="alertdialog"
        aria-labelledby="inactive-title"
        aria-describedby="inactive-text"
      >
        <h1 id="inactive-title">{t('tab.inactive_title')}</h1>
        <p id="inactive-text">{t('tab.inactive_description')}</p>
        <Button autoFocus onClick={() => window.location.reload()} data-testid="inactive-reload">
          {t('tab.reload')}
        </Button>
      </div>
    </main>
  );
}
