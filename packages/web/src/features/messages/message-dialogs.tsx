import { lazy, Suspense } from 'react';
import type { ConvKey } from '../../lib/store';
import { useCompose } from './compose-state';

const DialogHost = lazy(() => import('./dialog-host'));

/** The delete confirmation, the forward dialog and the versions view, loaded when first needed. */
export function MessageDialogs({ conv }: { conv: ConvKey }) {
  const dialog = useCompose((compose) => compose.dialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <DialogHost conv={conv} dialog={dialog} />
    </Suspense>
  );
}
