import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../lib/store';
import { useUserName } from '../users';

/** Reads out messages from others that arrive while the conversation is open. */
export function NewMessageAnnouncer({ latest }: { latest: Message | null }) {
  const { t } = useTranslation('chat');
  const [firstSeen] = useState(() => latest?.mid ?? 0);
  const author = useUserName(latest?.fromUid ?? 0);
  const text =
    latest && latest.mid > firstSeen
      ? t('message.announce', { name: author, text: latest.content.slice(0, 200) })
      : '';
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
