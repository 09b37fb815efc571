import { lazy, Suspense } from 'react';
import type { ConvKey } from '../../lib/store';
import { useCompose } from './compose-state';

const DeleteDialog = lazy(() => import('./delete-dialog'));
const VersionsDialog = lazy(() => import('./versions-dialog'));

/** The delete confirmation and the versions view, each loaded when first needed. */
export function MessageDialogs({ conv }: { conv: ConvKey }) {
  const dialog = useCompose((compose) => compose.dialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'delete' ? (
        <DeleteDialog conv={conv} mids={dialog.mids} />
      ) : (
        <VersionsDialog mid={dialog.mid} />
      )}
    </Suspense>
  );
}
