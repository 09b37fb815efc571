import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from './button';
import { CloseIcon } from './icons';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Blocks Escape and the close button while an action runs. */
  busy?: boolean;
  testId?: string;
  wide?: boolean;
}

/**
 * A modal dialog on the native `<dialog>`: `showModal()` makes the rest of the page inert (focus stays
 * inside), and Escape arrives as a `cancel` event that we route through `onClose`.
 */
export function Modal({
  open,
  title,
  description,
  onClose,
  closeLabel,
  children,
  footer,
  busy,
  testId,
  wide,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={['modal', wide ? 'modal--wide' : ''].join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <div>
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="modal__description">
                {description}
              </p>
            ) : null}
          </div>
          <IconButton label={closeLabel} onClick={onClose} disabled={busy}>
            <CloseIcon />
          </IconButton>
        </header>
        <div className="modal__body">{children}</div>
        {footer ? <footer className="modal__footer">{footer}</footer> : null}
      </div>
    </dialog>
  );
}
