import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/store';
import { Button } from '../../ui';
import { TrashIcon } from './action-icons';
import { composeDispatch, useCompose } from './compose-state';
import { requestDelete } from './message-actions';
import { addFavorite, startForward } from './forward/actions';

/** Takes the composer's place in multi-select mode: how many are chosen, delete them, or leave. */
export default function SelectionBar() {
  const { t } = useTranslation('actions');
  const { t: tf } = useTranslation('fav');
  const chosen = useCompose((compose) => compose.selected);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const byMid = useAppSelector((state) => state.messages.byMid);
  // Messages deleted meanwhile (by someone else) drop out of the selection.
  const selected = useMemo(() => chosen.filter((mid) => byMid[mid] !== undefined), [chosen, byMid]);
  const deletable = isAdmin || selected.every((mid) => byMid[mid]?.fromUid === selfUid);
  return (
    <div
      className="selection-bar"
      role="region"
      aria-label={t('select.label')}
      data-testid="selection-bar"
      onKeyDown={(event) => {
        if (event.key === 'Escape') composeDispatch({ type: 'select/end' });
      }}
    >
      <p className="selection-bar__count" aria-live="polite" data-testid="selection-count">
        {t('select.count', { count: selected.length })}
      </p>
      {!deletable ? <p className="selection-bar__note">{t('select.delete_denied')}</p> : null}
      <Button variant="ghost" small onClick={() => composeDispatch({ type: 'select/end' })}>
        {t('select.cancel')}
      </Button>
      <Button
        variant="ghost"
        small
        disabled={selected.length === 0}
        onClick={() => startForward(selected)}
        data-testid="selection-forward"
      >
        {tf('forward')}
      </Button>
      <Button
        variant="ghost"
        small
        disabled={selected.length === 0}
        onClick={() => addFavorite(selected)}
        data-testid="selection-favorite"
      >
        {tf('favorite')}
      </Button>
      <Button
        variant="danger"
        small
        icon={<TrashIcon size={16} />}
        disabled={selected.length === 0 || !deletable}
        onClick={() => requestDelete(selected)}
        data-testid="selection-delete"
      >
        {t('select.delete')}
      </Button>
    </div>
  );
}
