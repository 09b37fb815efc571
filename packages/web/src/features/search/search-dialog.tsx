import { LIMITS, type SearchHit, type SearchQuery, type SearchType } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchMessages } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { useAppSelector, useGroupsByName, useUsersByName } from '../../lib/store';
import { Button, Modal, SelectField, Spinner, TextField } from '../../ui';
import { useUserName } from '../users';
import { Highlighted } from './highlighted';

const PAGE = 20;
const DEBOUNCE_MS = 250;

interface Filters {
  gid: string;
  from: string;
  type: '' | SearchType;
  after: string;
  before: string;
}
const NO_FILTERS: Filters = { gid: '', from: '', type: '', after: '', before: '' };

const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).getTime() : undefined);

function toQuery(q: string, f: Filters, beforeMid?: number): SearchQuery {
  const before = dayStart(f.before);
  return {
    q,
    limit: PAGE,
    gid: f.gid ? Number(f.gid) : undefined,
    from: f.from ? Number(f.from) : undefined,
    type: f.type || undefined,
    after: dayStart(f.after),
    // The "before" day is included: up to the start of the next day.
    before: before === undefined ? undefined : before + 86_400_000,
    before_mid: beforeMid,
  };
}

function HitItem({ hit, onOpen }: { hit: SearchHit; onOpen: (hit: SearchHit) => void }) {
  const { t } = useTranslation('search');
  const author = useUserName(hit.from_uid);
  const group = useAppSelector((state) =>
    'gid' in hit.target ? state.groups.byId[hit.target.gid] : undefined,
  );
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? 0);
  const peer = 'uid' in hit.target ? (hit.from_uid === selfUid ? hit.target.uid : hit.from_uid) : 0;
  const peerName = useUserName(peer);
  const where =
    'gid' in hit.target
      ? t('hit.in_channel', { name: group?.name ?? hit.target.gid })
      : t('hit.in_dm', { name: peerName });
  const when = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    hit.created_at,
  );
  return (
    <li>
      <button
        type="button"
        className="search-hit"
        onClick={() => onOpen(hit)}
        data-testid="search-hit"
        data-mid={hit.mid}
      >
        <span className="search-hit__meta">
          <span className="search-hit__where">{where}</span>
          <span>{author}</span>
          <time dateTime={new Date(hit.created_at).toISOString()}>{when}</time>
          {hit.edited ? <span>{t('hit.edited')}</span> : null}
        </span>
        <span className="search-hit__snippet">
          <Highlighted text={hit.snippet} ranges={hit.highlights} />
        </span>
      </button>
    </li>
  );
}

/** Full-text search over every message the user may read (docs/search.md). */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['search', 'common']);
  const navigate = useNavigate();
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? 0);
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [more, setMore] = useState(false);

  const sortedGroups = useGroupsByName();
  const sortedUsers = useUsersByName();

  useEffect(() => {
    const query = q.trim();
    if (!open || query === '') return;
    let stale = false;
    const timer = setTimeout(() => {
      setLoading(true);
      searchMessages(toQuery(query, filters))
        .then((page) => {
          if (stale) return;
          setHits(page);
          setMore(page.length === PAGE);
        })
        .catch(() => !stale && setHits([]))
        .finally(() => !stale && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [open, q, filters]);

  const loadMore = async () => {
    const last = hits?.[hits.length - 1];
    if (!last) return;
    setLoading(true);
    try {
      const page = await searchMessages(toQuery(q.trim(), filters, last.mid));
      setHits([...(hits ?? []), ...page]);
      setMore(page.length === PAGE);
    } finally {
      setLoading(false);
    }
  };

  const openHit = (hit: SearchHit) => {
    onClose();
    const path =
      'gid' in hit.target
        ? `/chat/channel/${hit.target.gid}`
        : `/chat/dm/${hit.from_uid === selfUid ? hit.target.uid : hit.from_uid}`;
    void navigate(`${path}?mid=${hit.mid}`);
  };

  // An emptied query shows nothing, whatever the last search found.
  const shown = q.trim() === '' ? null : hits;

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters({ ...filters, [key]: value });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('search:title')}
      closeLabel={t('common:actions.close')}
      wide
      testId="search-dialog"
    >
      <div className="search" role="search">
        <TextField
          label={t('search:query_label')}
          hint={t('search:query_hint')}
          type="text"
          enterKeyHint="search"
          value={q}
          autoFocus
          onChange={(event) => setQ(event.target.value)}
          data-testid="search-input"
          maxLength={LIMITS.searchQueryMaxLength}
        />
        <div className="search__filters">
          <SelectField
            label={t('search:filter.channel')}
            value={filters.gid}
            onChange={(e) => set('gid', e.target.value)}
            data-testid="search-filter-channel"
          >
            <option value="">{t('search:filter.everywhere')}</option>
            {sortedGroups.map((g) => (
              <option key={g.gid} value={g.gid}>
                #{g.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('search:filter.from')}
            value={filters.from}
            onChange={(e) => set('from', e.target.value)}
            data-testid="search-filter-from"
          >
            <option value="">{t('search:filter.anyone')}</option>
            {sortedUsers.map((u) => (
              <option key={u.uid} value={u.uid}>
                {u.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('search:filter.type')}
            value={filters.type}
            onChange={(e) => set('type', e.target.value as Filters['type'])}
            data-testid="search-filter-type"
          >
            <option value="">{t('search:filter.any_type')}</option>
            <option value="text">{t('search:filter.text')}</option>
            <option value="markdown">{t('search:filter.markdown')}</option>
            <option value="file">{t('search:filter.file')}</option>
          </SelectField>
          <TextField
            label={t('search:filter.after')}
            type="date"
            value={filters.after}
            onChange={(e) => set('after', e.target.value)}
          />
          <TextField
            label={t('search:filter.before')}
            type="date"
            value={filters.before}
            onChange={(e) => set('before', e.target.value)}
          />
        </div>
        <div className="search__results" aria-live="polite" aria-busy={loading}>
          {shown === null ? null : shown.length === 0 && !loading ? (
            <p className="search__empty" data-testid="search-empty">
              {t('search:no_results')}
            </p>
          ) : (
            <ul className="search__list" aria-label={t('search:results', { count: shown.length })}>
              {shown.map((hit) => (
                <HitItem key={hit.mid} hit={hit} onOpen={openHit} />
              ))}
            </ul>
          )}
          {loading ? <Spinner label={t('search:searching')} /> : null}
          {more && shown && !loading ? (
            <Button variant="ghost" onClick={() => void loadMore()}>
              {t('search:more')}
            </Button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
