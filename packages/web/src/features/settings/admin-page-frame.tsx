import { Spinner } from '../../ui';
import './settings.css';

interface AdminPageFrameProps {
  isAdmin: boolean;
  /** The page's own "administrators only" text (each page's namespace holds one). */
  notice: string;
  /** On the notice, for pages whose tests look for it. */
  testId?: string;
}

/**
 * What an admin settings page shows before its form: the notice to everyone else, a spinner to
 * an administrator until the page's data has loaded. A page returns it while either holds:
 * `if (!isAdmin || !config) return <AdminPageFrame isAdmin={isAdmin} notice={adminOnlyText} />`.
 */
export function AdminPageFrame({ isAdmin, notice, testId }: AdminPageFrameProps) {
  return (
    <main className="settings-page">
      {isAdmin ? (
        <Spinner />
      ) : (
        <p className="settings-page__notice" data-testid={testId}>
          {notice}
        </p>
      )}
    </main>
  );
}
