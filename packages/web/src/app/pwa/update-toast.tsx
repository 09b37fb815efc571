import { i18n } from '../../lib/i18n';
import { loadToasts } from '../../lib/toast';
import { Button } from '../../ui';
import './pwa.css';

/** Set when the update toast shows; read on the next start (SPEC §4 "Updates"). */
export const UPDATE_FLAG = 'parley.update_toast_shown';
const UPDATE_TOAST = 'app-update';
const MOBILE_TOAST = 'mobile-app';
/** Where "Open" on the mobile-app toast leads: the VoceChat apps speak this server's API. */
export const MOBILE_APP_URL = 'https://voce.chat/';

interface Action {
  label: string;
  testId: string;
  run: () => void;
  primary?: boolean;
}

/** A permanent toast with a sentence and buttons. */
async function actionToast(id: string, text: string, actions: Action[]): Promise<void> {
  const hot = (await loadToasts()).default;
  hot(
    (toast) => (
      <div className="action-toast" data-testid={`toast-${id}`}>
        <span>{text}</span>
        <span className="action-toast__buttons">
          {actions.map((action) => (
            <Button
              key={action.testId}
              small
              variant={action.primary ? 'primary' : 'ghost'}
              data-testid={action.testId}
              onClick={() => {
                hot.dismiss(toast.id);
                action.run();
              }}
            >
              {action.label}
            </Button>
          ))}
        </span>
      </div>
    ),
    { id, duration: Infinity },
  );
}

/** "A new version is available": Update (unregister the worker, reload) or Dismiss. */
export function showUpdateToast(update: () => Promise<void>): void {
  void actionToast(UPDATE_TOAST, i18n.t('platform:update.available'), [
    {
      label: i18n.t('platform:update.update'),
      testId: 'update-apply',
      run: () => void update(),
      primary: true,
    },
    { label: i18n.t('platform:update.dismiss'), testId: 'update-dismiss', run: () => undefined },
  ]);
}

/** Shown on the start after an update offer: Open (the download page) or Dismiss; both clear the flag. */
export function showMobileAppToast(clearFlag: () => void): void {
  void actionToast(MOBILE_TOAST, i18n.t('platform:mobile_app.text'), [
    {
      label: i18n.t('platform:mobile_app.open'),
      testId: 'mobile-app-open',
      run: () => {
        clearFlag();
        window.open(MOBILE_APP_URL, '_blank', 'noopener');
      },
      primary: true,
    },
    { label: i18n.t('platform:update.dismiss'), testId: 'mobile-app-dismiss', run: clearFlag },
  ]);
}
