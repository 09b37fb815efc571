/**
 * Links each file or voice message to its upload inside the transaction that inserts it: the
 * admin file list and the deletion of files nothing carries any more read the link, so a
 * committed file message must never be without it (a crash between two commits left it out).
 */
import { FILE_CONTENT_TYPES } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { NewMessage } from '../types.js';

const isFileType = (type: string) => (FILE_CONTENT_TYPES as readonly string[]).includes(type);

export async function linkFileMessages(
  db: Kysely<Database>,
  messages: readonly NewMessage[],
  mids: readonly number[],
): Promise<void> {
  for (const [i, message] of messages.entries()) {
    const { detail, target } = message;
    if (detail.type !== 'normal' || !isFileType(detail.content_type)) continue;
    const file = await db
      .selectFrom('files')
      .select('file_id')
      .where('path', '=', detail.content)
      .executeTakeFirst();
    if (!file) continue;
    await db
      .insertInto('file_messages')
      .values({
        mid: mids[i]!,
        file_id: file.file_id,
        from_uid: message.from_uid,
        gid: 'gid' in target ? target.gid : null,
        created_at: message.created_at,
      })
      .execute();
  }
}
