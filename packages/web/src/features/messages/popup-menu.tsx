import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface MenuItem {
  key: string;
  label: string;
  /** Shown instead of the label (the label stays the accessible name), e.g. an emoji. */
  icon?: ReactNode;
  danger?: boolean;
  pressed?: boolean;
  onSelect: () => void;
  testId?: string;
  /** Shown as a tooltip (e.g. who reacted). */
  title?: string;
}

export interface MenuPosition {
  x: number;
  y: number;
}

interface PopupMenuProps {
  label: string;
  items: readonly MenuItem[];
  /** Items laid out in a row (emoji picker) or a column. */
  layout?: 'row' | 'column';
  at: MenuPosition;
  onClose: () => void;
  /** Focus goes back here when the menu closes (the opener or the message). */
  returnFocus: HTMLElement | null;
  header?: ReactNode;
  testId?: string;
}

const MARGIN = 8;

/**
 * A menu in a portal at a point (the context menu, the "more" button, the reaction picker): focus moves
 * to the first item, arrows move between items (wrapping), Home/End jump, Escape and Tab close, a
 * click outside closes, and focus returns to `returnFocus`.
 */
export function PopupMenu({
  label,
  items,
  layout = 'column',
  at,
  onClose,
  returnFocus,
  header,
  testId,
}: PopupMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<MenuPosition>(at);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    setPosition({
      x: Math.max(MARGIN, Math.min(at.x, window.innerWidth - width - MARGIN)),
      y: Math.max(MARGIN, Math.min(at.y, window.innerHeight - height - MARGIN)),
    });
    element.querySelector<HTMLElement>('[role="menuitem"],[role="menuitemcheckbox"]')?.focus();
  }, [at]);

  // The latest callbacks, so a re-render of the owner never re-runs the open/close effect.
  const closeRef = useRef(onClose);
  const returnRef = useRef(returnFocus);
  useLayoutEffect(() => {
    closeRef.current = onClose;
    returnRef.current = returnFocus;
  });

  useEffect(() => {
    const menu = ref.current;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) closeRef.current();
    };
    const onResize = () => closeRef.current();
    document.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('resize', onResize);
      // Restore focus unless the chosen action moved it somewhere on purpose (the composer).
      const active = document.activeElement;
      const lost = !active || active === document.body || menu?.contains(active);
      const target = returnRef.current;
      if (lost && target?.isConnected) target.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [
      ...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"],[role="menuitemcheckbox"]') ?? []),
    ];
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      buttons[(to + buttons.length) % buttons.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowRight':
        move(index + 1);
        break;
      case 'ArrowUp':
      case 'ArrowLeft':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(buttons.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onClose();
        break;
      case 'Tab':
        event.preventDefault();
        onClose();
        break;
    }
  };

  return createPortal(
    <div
      ref={ref}
      className={`popup-menu popup-menu--${layout}`}
      role="menu"
      aria-label={label}
      aria-orientation={layout === 'row' ? 'horizontal' : 'vertical'}
      style={{ left: position.x, top: position.y }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      data-testid={testId}
    >
      {header}
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role={item.pressed === undefined ? 'menuitem' : 'menuitemcheckbox'}
          aria-checked={item.pressed}
          tabIndex={-1}
          className={`popup-menu__item${item.danger ? ' popup-menu__item--danger' : ''}${item.pressed ? ' popup-menu__item--pressed' : ''}`}
          aria-label={item.icon ? item.label : undefined}
          title={item.title ?? (item.icon ? item.label : undefined)}
          onClick={() => {
            onClose();
            item.onSelect();
          }}
          data-testid={item.testId}
        >
          {item.icon ?? item.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
