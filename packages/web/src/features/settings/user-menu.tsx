import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/store';
import { UserAvatar } from '../users';
import './settings.css';

const UserMenuPanel = lazy(() => import('./user-menu-panel'));

/** The account button at the bottom of the rail: theme, language and logout. */
export function UserMenu() {
  const { t } = useTranslation('setting');
  const user = useAppSelector((state) => state.auth?.user);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
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
        <Suspense fallback={null}>
          <UserMenuPanel user={user} panelId={panelId} close={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
