import { AUDIT_ACTIONS, type AuditEntry, type AuditQuery } from '@parley/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { Button, SelectField, Spinner, TextField } from '../../ui';
import './settings.css';
import './audit-page.css';

const PAGE = 50;

/** `yyyy-mm-dd` of a date field → ms at that local midnight (plus `days`), or undefined. */
const dayStart = (value: string, days = 0): number | undefined => {
  if (!value) return undefined;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y!, m! - 1, d! + days).getTime();
};

/** `/setting/audit`: administrative actions, newest first, with filters, paging and CSV export. */
export function AuditPage() {
  const { t, i18n } = useTranslation('audit');
  const users = useAppSelector((state) => state.users.byId);
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const filter = useMemo<AuditQuery>(
    () => ({
      ...(actor && { actor: Number(actor) }),
      ...(action && { action }),
      ...(from && { since: dayStart(from) }),
      ...(to && { until: dayStart(to, 1) }),
    }),
    [actor, action, from, to],
  );

  useEffect(() => {
    let live = true;
    call('listAudit', { query: { ...filter, limit: PAGE } }).then(
      (page) => {
        if (!live) return;
        setEntries(page.entries);
        setNext(page.next);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [filter]);

  const more = async (cursor: number) => {
    setBusy(true);
    try {
      const page = await call('listAudit', { query: { ...filter, limit: PAGE, cursor } });
      setEntries((shown) => [...(shown ?? []), ...page.entries]);
      setNext(page.next);
    } catch {
      // The request layer has shown the server's answer.
    } finally {
      setBusy(false);
    }
  };

  const exportCsv = async () => {
    try {
      const csv = await call('exportAudit', { query: filter });
      const url = URL.createObjectURL(new Blob([String(csv)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'audit-log.csv';
      link.click();
      // Revoked once the browser has surely started the download.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      // The request layer has shown the server's answer.
    }
  };

  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const people = Object.values(users)
    .filter((u) => !u.is_bot)
    .sort((a, b) => a.name.localeCompare(b.name));
  const actionLabel = (a: string) =>
    (AUDIT_ACTIONS as readonly string[]).includes(a)
      ? t(`actions.${a as (typeof AUDIT_ACTIONS)[number]}`)
      : a;

  return (
    <main className="settings-page audit-page" data-testid="audit-page">
      <h1 className="settings-page__title">{t('title')}</h1>
      <p className="settings-page__description">{t('description')}</p>
      <form className="audit-page__filters" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t('filter.actor')}
          value={actor}
          onChange={(event) => setActor(event.target.value)}
          data-testid="audit-actor"
        >
          <option value="">{t('filter.anyone')}</option>
          {people.map((u) => (
            <option key={u.uid} value={u.uid}>
              {u.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('filter.action')}
          value={action}
          onChange={(event) => setAction(event.target.value)}
          data-testid="audit-action"
        >
          <option value="">{t('filter.any_action')}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {actionLabel(a)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('filter.from')}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
          data-testid="audit-from"
        />
        <TextField
          label={t('filter.to')}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
          data-testid="audit-to"
        />
        <div className="audit-page__export">
          <Button type="button" variant="ghost" onClick={() => void exportCsv()} data-testid="audit-export">
            {t('export')}
          </Button>
        </div>
      </form>
      {entries === null ? (
        <Spinner />
      ) : entries.length === 0 ? (
        <p className="settings-page__notice" data-testid="audit-empty">
          {t('empty')}
        </p>
      ) : (
        <table className="audit-table" data-testid="audit-table">
          <thead>
            <tr>
              <th scope="col">{t('col.time')}</th>
              <th scope="col">{t('col.actor')}</th>
              <th scope="col">{t('col.action')}</th>
              <th scope="col">{t('col.target')}</th>
              <th scope="col">{t('col.detail')}</th>
              <th scope="col">{t('col.origin')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-testid="audit-row">
                <td data-label={t('col.time')}>
                  <time dateTime={new Date(e.at).toISOString()}>{time.format(e.at)}</time>
                </td>
                <td data-label={t('col.actor')}>{e.actor_name}</td>
                <td data-label={t('col.action')}>{actionLabel(e.action)}</td>
                <td data-label={t('col.target')}>{e.target ?? '—'}</td>
                <td data-label={t('col.detail')} className="audit-table__detail">
                  {e.detail ?? '—'}
                </td>
                <td data-label={t('col.origin')}>
                  <span>
                    {e.ip || '—'}
                    <span className="audit-table__device">{e.device}</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next !== null ? (
        <Button
          type="button"
          variant="ghost"
          disabled={busy}
          onClick={() => void more(next)}
          data-testid="audit-more"
        >
          {t('more')}
        </Button>
      ) : null}
    </main>
  );
}
