import { useTranslation } from 'react-i18next';
import type { ConvKey } from '../../lib/store';
import { useTypingUsers } from '../../lib/typing';
import { useUserName } from '../users';

/** "Alice is typing…" under the message list; a polite live region, so screen readers hear it. */
export function TypingIndicator({ conv }: { conv: ConvKey }) {
  const { t } = useTranslation('search');
  const uids = useTypingUsers(conv);
  const first = useUserName(uids[0] ?? 0);
  const second = useUserName(uids[1] ?? 0);
  const text =
    uids.length === 0
      ? ''
      : uids.length === 1
        ? t('typing.one', { name: first })
        : uids.length === 2
          ? t('typing.two', { first, second })
          : t('typing.many', { count: uids.length });
  return (
    <div className="typing-indicator" aria-live="polite" data-testid="typing-indicator">
      {text ? (
        <>
          <span className="typing-indicator__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span>{text}</span>
        </>
      ) : null}
    </div>
  );
}
