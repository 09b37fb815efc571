import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@parley/protocol';
import { UserAvatar } from '../users';

interface MentionPickerProps {
  id: string;
  candidates: readonly UserInfo[];
  active: number;
  onPick: (user: UserInfo) => void;
}

/** The `@` suggestions above the composer: a listbox driven from the textarea (aria-activedescendant). */
export default function MentionPicker({ id, candidates, active, onPick }: MentionPickerProps) {
  const { t } = useTranslation('actions');
  return (
    <ul
      id={id}
      className="mention-picker"
      role="listbox"
      aria-label={t('mention.suggestions')}
      data-testid="mention-picker"
    >
      {candidates.length === 0 ? (
        <li className="mention-picker__none" role="option" aria-selected={false} aria-disabled="true">
          {t('mention.none')}
        </li>
      ) : (
        candidates.map((user, index) => (
          <li
            key={user.uid}
            id={`${id}-${user.uid}`}
            role="option"
            aria-selected={index === active}
            className={`mention-picker__item${index === active ? ' mention-picker__item--active' : ''}`}
            // Keep focus in the textarea: pick on mousedown, before it would blur.
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(user);
            }}
            data-testid="mention-option"
          >
            <UserAvatar uid={user.uid} size={20} />
            <span>{user.name}</span>
          </li>
        ))
      )}
    </ul>
  );
}
