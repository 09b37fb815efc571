/** Who may do what with files (issue 11). Downloads need no token (API.md §1.4: `<img>` URLs). */
import type { Actor } from '../context.js';
import { badRequest, forbidden } from '../errors.js';
import type { FileRecord } from '../store/types.js';
import { requireAdmin } from './index.js';

/** Guests read but do not post, so they do not upload either. */
export function requireUploader(actor: Actor): void {
  if (actor.isGuest) throw forbidden('guests cannot upload files');
}

/**
 * An upload belongs to whoever prepared it; someone else's id reads as unknown (400, API.md §7.1),
 * so ids cannot be probed.
 */
export function requireOwnUpload(actor: Actor, file: FileRecord | undefined): FileRecord {
  if (!file || file.uid !== actor.uid) throw badRequest('unknown file_id');
  return file;
}

/** Clearing every file and listing all of them are for administrators. */
export const requireFileAdmin = requireAdmin;
