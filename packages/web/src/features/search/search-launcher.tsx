import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../ui';

/** The dialog loads on first use, so the first chat screen does not carry it. */
const SearchDialog = lazy(async () => ({ default: (await import('./search-dialog')).SearchDialog }));

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The search button of the navigation rail; Ctrl/Cmd+K anywhere, or `/` outside a text field, opens it. */
export function SearchLauncher({ className }: { className?: string }) {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  // Once loaded the dialog stays mounted (closed), so it keeps its state between openings as before.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const modK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash =
        event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (!modK && !slash) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K /"
        title={t('open_hint')}
        data-testid="nav-search"
      >
        <SearchIcon size={22} />
        <span className="visually-hidden">{t('open')}</span>
      </button>
      {/* In the body: the rail is hidden at phone width inside a conversation, and the dialog with it. */}
      {loaded
        ? createPortal(
            <Suspense fallback={null}>
              <SearchDialog open={open} onClose={() => setOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
