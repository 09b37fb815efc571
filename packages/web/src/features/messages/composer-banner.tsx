import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/store';
import { CloseIcon, IconButton } from '../../ui';
import { useUserName } from '../users';
import { EditIcon, ReplyIcon } from './action-icons';
import { MentionText } from './mention-text';

type BannerProps =
  { kind: 'edit'; onCancel: () => void } | { kind: 'reply'; mid: number; onCancel: () => void };

/** Above the composer: the message being replied to (quoted) or the note that an edit is in progress. */
export default function ComposerBanner(props: BannerProps) {
  const { t } = useTranslation('actions');
  const mid = props.kind === 'reply' ? props.mid : 0;
  const original = useAppSelector((state) => state.messages.byMid[mid]);
  const author = useUserName(original?.fromUid ?? 0);
  return (
    <div className={`composer-banner composer-banner--${props.kind}`} data-testid={`composer-${props.kind}`}>
      <span className="composer-banner__icon" aria-hidden="true">
        {props.kind === 'edit' ? <EditIcon size={16} /> : <ReplyIcon size={16} />}
      </span>
      <div className="composer-banner__body">
        <p className="composer-banner__title">
          {props.kind === 'edit'
            ? t('edit.editing')
            : original
              ? t('reply.replying_to', { name: author })
              : t('reply.replying_to_message')}
        </p>
        {props.kind === 'reply' && original ? (
          <p className="composer-banner__quote">
            <MentionText text={original.content.slice(0, 200)} />
          </p>
        ) : null}
      </div>
      <IconButton
        label={props.kind === 'edit' ? t('edit.cancel') : t('reply.cancel')}
        onClick={props.onCancel}
        data-testid={`composer-${props.kind}-cancel`}
      >
        <CloseIcon size={16} />
      </IconButton>
    </div>
  );
}
