import ForwardDialog from './forward/forward-dialog';
import type { ConvKey } from '../../lib/store';
import type { MessageDialog } from './compose-state';
import DeleteDialog from './delete-dialog';
import VersionsDialog from './versions-dialog';

/** The open message dialog; one lazy chunk for all of them keeps the first screen small. */
export default function DialogHost({ conv, dialog }: { conv: ConvKey; dialog: NonNullable<MessageDialog> }) {
  switch (dialog.kind) {
    case 'delete':
      return <DeleteDialog conv={conv} mids={dialog.mids} />;
    case 'forward':
      return <ForwardDialog mids={dialog.mids} />;
    default:
      return <VersionsDialog mid={dialog.mid} />;
  }
}
