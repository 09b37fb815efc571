import { useTranslation } from 'react-i18next';
import {
  muteConversations,
  pinChat,
  setBurnAfterReading,
  unpinChat,
  updateContactStatus,
} from '../../lib/api';
import { dispatch, isMuted, parseConv, useAppSelector, type ConvKey } from '../../lib/store';
import { Button, Checkbox, Modal, SelectField } from '../../ui';
import { NotifyOverrideField } from '../notifications';
import { useSave } from '../settings';
import { AUTO_DELETE_SECONDS, MUTE_CHOICES, durationKey } from './choices';
import './conversations.css';
import { useNow } from './use-now';

const targetOf = (conv: ConvKey) => {
  const { kind, id } = parseConv(conv);
  return kind === 'group' ? { gid: id } : { uid: id };
};

/** The settings in a dialog, opened from the conversation header. */
export function ConversationSettingsDialog({
  conv,
  open,
  onClose,
}: {
  conv: ConvKey;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['conversation', 'common']);
  const { kind } = parseConv(conv);
  return (
    <Modal
      open={open}
      title={kind === 'group' ? t('conversation:title.channel') : t('conversation:title.dm')}
      description={t('conversation:description')}
      onClose={onClose}
      closeLabel={t('common:actions.close')}
      testId="conversation-settings"
    >
      <ConversationSettingsPanel conv={conv} />
    </Modal>
  );
}

/**
 * One conversation's own settings (DM settings, and the personal part of a channel's): pin to
 * top, mute for a while, auto-delete own messages; for a DM also add, remove or block the person.
 * Shown in the header's dialog and on the settings pages (`/setting/dm/:uid`, `/setting/channel/:gid`).
 */
export function ConversationSettingsPanel({ conv }: { conv: ConvKey }) {
  const { t } = useTranslation(['conversation', 'common']);
  const settings = useAppSelector((state) => state.chatSettings);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  // Each control saves on its own click and shows what the store holds: no toast.
  const { busy, run } = useSave();
  const { kind, id } = parseConv(conv);
  const target = targetOf(conv);
  const pinned = settings.pins[conv] !== undefined;
  const now = useNow();
  const muted = isMuted(settings, conv, now);
  const burn = settings.burn[conv] ?? 0;
  const contact = kind === 'user' ? settings.contacts[id] : undefined;
  const isPeer = kind === 'user' && id !== selfUid;

  const togglePin = () =>
    run(async () => {
      if (pinned) {
        await unpinChat(target);
        dispatch({ type: 'settings/changed', change: { remove_pin_chats: [target] } });
      } else {
        await pinChat(target);
        dispatch({
          type: 'settings/changed',
          change: { add_pin_chats: [{ target, updated_at: Date.now() }] },
        });
      }
    });

  const setMute = (value: string) =>
    run(async () => {
      if (value === 'none') {
        await muteConversations(kind === 'group' ? { remove_groups: [id] } : { remove_users: [id] });
        dispatch({
          type: 'settings/changed',
          change: kind === 'group' ? { remove_mute_groups: [id] } : { remove_mute_users: [id] },
        });
        return;
      }
      const seconds = Number(value);
      const item = seconds > 0 ? { expired_in: seconds } : {};
      const expired_at = seconds > 0 ? Date.now() + seconds * 1000 : null;
      if (kind === 'group') {
        await muteConversations({ add_groups: [{ gid: id, ...item }] });
        dispatch({ type: 'settings/changed', change: { add_mute_groups: [{ gid: id, expired_at }] } });
      } else {
        await muteConversations({ add_users: [{ uid: id, ...item }] });
        dispatch({ type: 'settings/changed', change: { add_mute_users: [{ uid: id, expired_at }] } });
      }
    });

  const setBurn = (seconds: number) =>
    run(async () => {
      const body =
        kind === 'group'
          ? { groups: [{ gid: id, expires_in: seconds }] }
          : { users: [{ uid: id, expires_in: seconds }] };
      await setBurnAfterReading(body);
      dispatch({
        type: 'settings/changed',
        change:
          kind === 'group'
            ? { burn_after_reading_groups: body.groups }
            : { burn_after_reading_users: body.users },
      });
    });

  const contactAction = (action: 'add' | 'remove' | 'block' | 'unblock') =>
    run(async () => {
      await updateContactStatus(action, id);
      const change =
        action === 'add' || action === 'block'
          ? {
              add_contacts: [
                {
                  target_uid: id,
                  info: { status: action === 'add' ? ('added' as const) : ('blocked' as const) },
                },
              ],
            }
          : action === 'unblock' && contact !== 'blocked'
            ? {}
            : { remove_contacts: [id] };
      dispatch({ type: 'settings/changed', change });
    });

  return (
    <div className="conversation-settings" aria-busy={busy}>
      <Checkbox
        label={t('conversation:pin.label')}
        description={t('conversation:pin.description')}
        checked={pinned}
        disabled={busy}
        onChange={() => void togglePin()}
        data-testid="conversation-pin"
      />
      <SelectField
        label={t('conversation:mute.label')}
        hint={t('conversation:mute.hint')}
        value={muted ? 'muted' : 'none'}
        disabled={busy}
        onChange={(e) => void setMute(e.target.value)}
        data-testid="conversation-mute"
      >
        <option value="none">{t('conversation:mute.off')}</option>
        {muted ? <option value="muted">{t('conversation:mute.on')}</option> : null}
        {MUTE_CHOICES.map((seconds) => (
          <option key={seconds} value={String(seconds)}>
            {seconds === 0
              ? t('conversation:mute.forever')
              : t('conversation:mute.for', { duration: t(durationKey(seconds)) })}
          </option>
        ))}
      </SelectField>
      <NotifyOverrideField conv={conv} />
      {kind === 'user' && !isPeer ? null : (
        <SelectField
          label={t('conversation:auto_delete.label')}
          hint={t('conversation:auto_delete.hint')}
          value={String(burn)}
          disabled={busy}
          onChange={(e) => void setBurn(Number(e.target.value))}
          data-testid="conversation-auto-delete"
        >
          {(AUTO_DELETE_SECONDS as readonly number[]).includes(burn) ? null : (
            <option value={String(burn)}>{t('conversation:duration.custom')}</option>
          )}
          {AUTO_DELETE_SECONDS.map((seconds) => (
            <option key={seconds} value={String(seconds)}>
              {t(durationKey(seconds))}
            </option>
          ))}
        </SelectField>
      )}
      {isPeer ? (
        <section className="conversation-settings__contact" aria-labelledby="conversation-contact">
          <h3 id="conversation-contact">{t('conversation:contact.heading')}</h3>
          <p className="conversation-settings__status" data-testid="contact-status">
            {contact === 'added'
              ? t('conversation:contact.status_added')
              : contact === 'blocked'
                ? t('conversation:contact.status_blocked')
                : t('conversation:contact.status_none')}
          </p>
          <div className="conversation-settings__actions">
            {contact === 'added' ? (
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => void contactAction('remove')}
                data-testid="contact-remove"
              >
                {t('conversation:contact.remove')}
              </Button>
            ) : contact === undefined ? (
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => void contactAction('add')}
                data-testid="contact-add"
              >
                {t('conversation:contact.add')}
              </Button>
            ) : null}
            {contact === 'blocked' ? (
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => void contactAction('unblock')}
                data-testid="contact-unblock"
              >
                {t('conversation:contact.unblock')}
              </Button>
            ) : (
              <Button
                variant="danger"
                disabled={busy}
                onClick={() => void contactAction('block')}
                data-testid="contact-block"
              >
                {t('conversation:contact.block')}
              </Button>
            )}
          </div>
          <p className="conversation-settings__note">{t('conversation:contact.block_note')}</p>
        </section>
      ) : null}
    </div>
  );
}
