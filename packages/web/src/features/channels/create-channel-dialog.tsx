import { DEFAULT_CHANNEL_SWITCHES, LIMITS, type Group } from '@parley/protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createGroup } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { dispatch, useAppSelector } from '../../lib/store';
import { Button, Checkbox, HashIcon, LockIcon, Modal, RadioCard, TextAreaField, TextField } from '../../ui';
import './channels.css';
import { sortMembers } from './member-order';

interface CreateChannelDialogProps {
  open: boolean;
  onClose: () => void;
}

export function CreateChannelDialog({ open, onClose }: CreateChannelDialogProps) {
  const { t } = useTranslation(['chat', 'common']);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('create_channel.title')}
      description={t('create_channel.description')}
      closeLabel={t('common:actions.close')}
      testId="create-channel-dialog"
      wide
    >
      {open ? <CreateChannelForm onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateChannelForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['chat', 'common']);
  const navigate = useNavigate();
  const self = useAppSelector((state) => state.auth?.user);
  const users = useAppSelector((state) => state.users.byId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [query, setQuery] = useState('');
  const [nameError, setNameError] = useState(false);
  const [saving, setSaving] = useState(false);
  const isAdmin = self?.is_admin === true;

  const candidates = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const others = Object.values(users).filter((user) => user.uid !== self?.uid);
    const matching = needle ? others.filter((user) => user.name.toLowerCase().includes(needle)) : others;
    return sortMembers(matching, currentLanguage());
  }, [users, self?.uid, query]);

  const toggle = (uid: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed || !self) {
      setNameError(true);
      return;
    }
    setSaving(true);
    const members = [...selected];
    try {
      const response = await createGroup({
        name: trimmed,
        description: description.trim() || undefined,
        is_public: isPublic,
        members: isPublic ? undefined : members,
      });
      const gid = typeof response === 'number' ? response : response.gid;
      // Shown at once; the stream's joined_group replaces it with the server's copy.
      const group: Group = {
        gid,
        owner: isPublic ? null : self.uid,
        name: trimmed,
        description: description.trim() || null,
        members: isPublic ? [] : [self.uid, ...members],
        is_public: isPublic,
        avatar_updated_at: 0,
        pinned_messages: [],
        ...DEFAULT_CHANNEL_SWITCHES,
      };
      dispatch({ type: 'groups/created', group });
      onClose();
      void navigate(`/chat/channel/${gid}`);
    } catch {
      setSaving(false);
    }
  };

  return (
    <form
      className="create-channel"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="create-channel__fields" disabled={saving}>
        <TextField
          label={t('create_channel.name')}
          value={name}
          maxLength={LIMITS.groupNameMaxLength}
          required
          autoFocus
          placeholder={t('create_channel.name_placeholder')}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(false);
          }}
          error={nameError ? t('create_channel.name_required') : undefined}
          data-testid="create-channel-name"
        />
        <TextAreaField
          label={t('create_channel.description_label')}
          value={description}
          maxLength={LIMITS.descriptionMaxLength}
          rows={2}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="create-channel-description"
        />
        <fieldset className="create-channel__visibility">
          <legend className="field__label">{t('create_channel.visibility')}</legend>
          <RadioCard
            name="channel-visibility"
            checked={!isPublic}
            onChange={() => setIsPublic(false)}
            icon={<LockIcon />}
            label={t('create_channel.private')}
            description={t('create_channel.private_hint')}
            data-testid="create-channel-private"
          />
          <RadioCard
            name="channel-visibility"
            checked={isPublic}
            onChange={() => setIsPublic(true)}
            disabled={!isAdmin}
            icon={<HashIcon />}
            label={t('create_channel.public')}
            description={isAdmin ? t('create_channel.public_hint') : t('create_channel.public_admin_only')}
            data-testid="create-channel-public"
          />
        </fieldset>
        {isPublic ? null : (
          <fieldset className="create-channel__members">
            <legend className="field__label">{t('create_channel.members', { count: selected.size })}</legend>
            <input
              className="input"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('create_channel.search_members')}
              aria-label={t('create_channel.search_members')}
              data-testid="create-channel-search"
            />
            <div className="create-channel__member-list">
              {candidates.length === 0 ? (
                <p className="create-channel__empty">
                  {query.trim() ? t('create_channel.no_members') : t('create_channel.nobody_else')}
                </p>
              ) : (
                candidates.map((user) => (
                  <Checkbox
                    key={user.uid}
                    label={user.name}
                    description={user.email ?? undefined}
                    checked={selected.has(user.uid)}
                    onChange={() => toggle(user.uid)}
                    data-testid={`create-channel-member-${user.uid}`}
                  />
                ))
              )}
            </div>
          </fieldset>
        )}
      </fieldset>
      <div className="create-channel__actions">
        <Button variant="cancel" onClick={onClose} disabled={saving} data-testid="create-channel-cancel">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" loading={saving} data-testid="create-channel-submit">
          {t('create_channel.submit')}
        </Button>
      </div>
    </form>
  );
}
