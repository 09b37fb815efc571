import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { ConversationRef } from '../../../lib/api';
import { createArchive, sendArchive } from './actions';
import { useAppSelector } from '../../../lib/store';
import { Button, Checkbox, Modal, TextField } from '../../../ui';
import { composeDispatch, getCompose } from '../compose-state';

const close = () => composeDispatch({ type: 'dialog', dialog: null });
const keyOf = (to: ConversationRef) => `${to.kind}:${to.id}`;
const fromKey = (key: string): ConversationRef => {
  const [kind, id] = key.split(':');
  return { kind: kind === 'group' ? 'group' : 'user', id: Number(id) };
};

interface Target {
  to: ConversationRef;
  name: string;
}

/**
 * Forwards messages to several channels and people at once: one archive of the messages, then
 * its path as a `vocechat/archive` message to each chosen conversation (API.md §7.3).
 */
export default function ForwardDialog({ mids }: { mids: number[] }) {
  const { t } = useTranslation('fav');
  const groups = useAppSelector((state) => state.groups.byId);
  const users = useAppSelector((state) => state.users.byId);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);

  const targets = useMemo(() => {
    const list: Target[] = [
      ...Object.values(groups).map((g) => ({
        to: { kind: 'group' as const, id: g.gid },
        name: `# ${g.name}`,
      })),
      ...Object.values(users)
        .filter((u) => u.uid !== selfUid)
        .map((u) => ({ to: { kind: 'user' as const, id: u.uid }, name: u.name })),
    ];
    const needle = filter.trim().toLowerCase();
    return needle ? list.filter((x) => x.name.toLowerCase().includes(needle)) : list;
  }, [groups, users, selfUid, filter]);

  const toggle = (key: string) =>
    setChosen((old) => {
      const next = new Set(old);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const forward = async () => {
    setBusy(true);
    try {
      const path = await createArchive(mids);
      const picked = [...chosen].map(fromKey);
      const results = await Promise.allSettled(picked.map((to) => sendArchive(to, path)));
      const failed = results.filter((r) => r.status === 'rejected').length;
      if (failed === 0) toast.success(t('done', { count: picked.length }));
      else toast.error(t('partly_failed', { count: failed }));
      if (getCompose().selecting !== null) composeDispatch({ type: 'select/end' });
      close();
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('title', { count: mids.length })}
      description={t('description')}
      onClose={close}
      closeLabel={t('cancel')}
      busy={busy}
      testId="forward-dialog"
      footer={
        <>
          <Button variant="cancel" onClick={close} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() => void forward()}
            loading={busy}
            disabled={chosen.size === 0}
            data-testid="forward-confirm"
          >
            {t('send', { count: chosen.size })}
          </Button>
        </>
      }
    >
      <TextField
        label={t('search')}
        className="forward__search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        data-testid="forward-search"
      />
      {targets.length === 0 ? (
        <p className="archive__note">{t('no_match')}</p>
      ) : (
        <ul className="forward__targets" aria-label={t('targets')}>
          {targets.map(({ to, name }) => (
            <li key={keyOf(to)}>
              <Checkbox
                label={name}
                checked={chosen.has(keyOf(to))}
                onChange={() => toggle(keyOf(to))}
                data-testid={`forward-target-${keyOf(to)}`}
              />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
