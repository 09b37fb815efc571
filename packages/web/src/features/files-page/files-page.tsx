import { LIMITS, type MemberFile, type MemberFileKind, type MemberFilesQuery } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { API_BASE, listMemberFiles } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { readFilesView, storeFilesView, type FilesView } from './files-view';
import { useAppSelector, useGroupsByName, useUsersByName } from '../../lib/store';
import { Button, SelectField, Spinner, Svg, TextField, type IconProps } from '../../ui';
import { formatSize } from '../files';
import { useUserName } from '../users';
import './files-page.css';

const PAGE = 50;
const DEBOUNCE_MS = 250;
const KINDS: readonly ('' | MemberFileKind)[] = ['', 'image', 'video', 'audio', 'doc', 'other'];

export const FileIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </Svg>
);

interface Filters {
  kind: '' | MemberFileKind;
  from: string;
  /** `g<gid>` for a channel, `u<uid>` for a DM, '' for everywhere. */
  where: string;
  q: string;
}
const NO_FILTERS: Filters = { kind: '', from: '', where: '', q: '' };

function toQuery(f: Filters, before?: number): MemberFilesQuery {
  const id = Number(f.where.slice(1));
  const q = f.q.trim();
  return {
    limit: PAGE,
    kind: f.kind || undefined,
    from: f.from ? Number(f.from) : undefined,
    gid: f.where.startsWith('g') ? id : undefined,
    uid: f.where.startsWith('u') ? id : undefined,
    q: q === '' ? undefined : q.slice(0, 128),
    before,
  };
}

export const fileUrl = (path: string, extra = '') =>
  `${API_BASE}/resource/file?file_path=${encodeURIComponent(path)}${extra}`;

const VIEWS: readonly FilesView[] = ['grid', 'list'];

export const GridIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="4" width="7" height="7" rx="1" />
    <rect x="13" y="4" width="7" height="7" rx="1" />
    <rect x="4" y="13" width="7" height="7" rx="1" />
    <rect x="13" y="13" width="7" height="7" rx="1" />
  </Svg>
);

export const ListIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
  </Svg>
);

function Preview({ file, size }: { file: MemberFile; size: number }) {
  const [broken, setBroken] = useState(false);
  const image = file.content_type.startsWith('image/') && file.content_type !== 'image/svg+xml';
  // A video shows only the server's thumbnail (its poster frame), never the video itself.
  const video = file.content_type.startsWith('video/') && file.thumbnail;
  if (file.expired || !(image || video) || broken) {
    return (
      <span className="files-page__icon" aria-hidden="true">
        <FileIcon size={size} />
      </span>
    );
  }
  // GIFs have no thumbnail (API.md §7.2); others are served small.
  const src = fileUrl(
    file.path,
    file.thumbnail && file.content_type !== 'image/gif' ? '&thumbnail=true' : '',
  );
  return (
    <img className="files-page__thumb" src={src} alt="" loading="lazy" onError={() => setBroken(true)} />
  );
}

function FileRow({
  file,
  view,
  onJump,
}: {
  file: MemberFile;
  view: FilesView;
  onJump: (file: MemberFile) => void;
}) {
  const { t } = useTranslation('filespage');
  const sender = useUserName(file.from_uid);
  const group = useAppSelector((state) =>
    'gid' in file.target ? state.groups.byId[file.target.gid] : undefined,
  );
  const peer = useUserName('uid' in file.target ? file.target.uid : 0);
  const where =
    'gid' in file.target
      ? t('in_channel', { name: group?.name ?? file.target.gid })
      : t('in_dm', { name: peer });
  const when = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    file.created_at,
  );
  const name = file.name || t('unnamed');
  return (
    <li
      className={view === 'grid' ? 'files-page__tile' : 'files-page__row'}
      data-testid="files-row"
      data-mid={file.mid}
      data-name={file.name}
    >
      <Preview file={file} size={view === 'grid' ? 40 : 24} />
      <div className="files-page__info">
        <span className="files-page__name" title={name}>
          {name}
        </span>
        <span className="files-page__meta">
          {file.expired ? (
            <span className="files-page__expired">{t('expired')}</span>
          ) : (
            <span>{formatSize(file.size)}</span>
          )}
          <span>{sender}</span>
          <span>{where}</span>
          <time dateTime={new Date(file.created_at).toISOString()}>{when}</time>
        </span>
      </div>
      <div className="files-page__actions">
        {file.expired ? null : (
          <>
            <a
              className="files-page__action"
              href={fileUrl(file.path)}
              target="_blank"
              rel="noreferrer"
              aria-label={t('open_named', { name })}
              data-testid="files-open"
            >
              {t('open')}
            </a>
            <a
              className="files-page__action"
              href={fileUrl(file.path, '&download=true')}
              download={file.name || true}
              aria-label={t('download_named', { name })}
              data-testid="files-download"
            >
              {t('download')}
            </a>
          </>
        )}
        <button
          type="button"
          className="files-page__action"
          onClick={() => onJump(file)}
          aria-label={t('jump_named', { name })}
          data-testid="files-jump"
        >
          {t('jump')}
        </button>
      </div>
    </li>
  );
}

/** Every file the member may read, newest first, with filters (docs/api.md "Files screen"). */
export function FilesPage() {
  const { t } = useTranslation(['filespage', 'common']);
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [files, setFiles] = useState<MemberFile[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<FilesView>(readFilesView);
  const chooseView = (next: FilesView) => {
    setView(next);
    storeFilesView(next);
  };

  const sortedGroups = useGroupsByName();
  const sortedUsers = useUsersByName();

  useEffect(() => {
    let stale = false;
    const timer = setTimeout(
      () => {
        setLoading(true);
        listMemberFiles(toQuery(filters))
          .then((page) => {
            if (stale) return;
            setFiles(page.files);
            setNext(page.next_before);
            setFailed(false);
          })
          .catch(() => {
            if (stale) return;
            setFiles([]);
            setNext(null);
            setFailed(true);
          })
          .finally(() => !stale && setLoading(false));
      },
      filters.q ? DEBOUNCE_MS : 0,
    );
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [filters]);

  const loadMore = async () => {
    if (next === null) return;
    setLoading(true);
    try {
      const page = await listMemberFiles(toQuery(filters, next));
      setFiles([...(files ?? []), ...page.files]);
      setNext(page.next_before);
    } finally {
      setLoading(false);
    }
  };

  const jump = (file: MemberFile) => {
    const path = 'gid' in file.target ? `/chat/channel/${file.target.gid}` : `/chat/dm/${file.target.uid}`;
    void navigate(`${path}?mid=${file.mid}`);
  };

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters({ ...filters, [key]: value });

  return (
    <main className="files-page" data-testid="files-page">
      <header className="files-page__header">
        <div className="files-page__top">
          <h1>{t('filespage:title')}</h1>
          <div className="files-page__views" role="group" aria-label={t('filespage:view.label')}>
            {VIEWS.map((v) => (
              <button
                key={v}
                type="button"
                className="files-page__view"
                aria-pressed={view === v}
                title={t(`filespage:view.${v}`)}
                onClick={() => chooseView(v)}
                data-testid={`files-view-${v}`}
              >
                {v === 'grid' ? <GridIcon size={18} /> : <ListIcon size={18} />}
                <span>{t(`filespage:view.${v}`)}</span>
              </button>
            ))}
          </div>
        </div>
        <div className="files-page__kinds" role="group" aria-label={t('filespage:filter.kind')}>
          {KINDS.map((kind) => (
            <button
              key={kind || 'all'}
              type="button"
              className="files-page__kind"
              aria-pressed={filters.kind === kind}
              onClick={() => set('kind', kind)}
              data-testid={`files-kind-${kind || 'all'}`}
            >
              {t(`filespage:kind.${kind || 'all'}`)}
            </button>
          ))}
        </div>
        <div className="files-page__filters">
          <TextField
            label={t('filespage:filter.name')}
            type="search"
            enterKeyHint="search"
            value={filters.q}
            maxLength={LIMITS.fileNameFilterMaxLength}
            onChange={(e) => set('q', e.target.value)}
            data-testid="files-filter-name"
          />
          <SelectField
            label={t('filespage:filter.from')}
            value={filters.from}
            onChange={(e) => set('from', e.target.value)}
            data-testid="files-filter-from"
          >
            <option value="">{t('filespage:filter.anyone')}</option>
            {sortedUsers.map((u) => (
              <option key={u.uid} value={u.uid}>
                {u.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('filespage:filter.where')}
            value={filters.where}
            onChange={(e) => set('where', e.target.value)}
            data-testid="files-filter-where"
          >
            <option value="">{t('filespage:filter.everywhere')}</option>
            <optgroup label={t('filespage:filter.channels')}>
              {sortedGroups.map((g) => (
                <option key={g.gid} value={`g${g.gid}`}>
                  #{g.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('filespage:filter.dms')}>
              {sortedUsers.map((u) => (
                <option key={u.uid} value={`u${u.uid}`}>
                  {u.name}
                </option>
              ))}
            </optgroup>
          </SelectField>
        </div>
      </header>
      <div className="files-page__results" aria-live="polite" aria-busy={loading}>
        {files !== null && files.length === 0 && !loading ? (
          <p className="files-page__empty" data-testid="files-empty">
            {failed ? t('filespage:failed') : t('filespage:empty')}
          </p>
        ) : null}
        {files && files.length > 0 ? (
          <ul
            className={view === 'grid' ? 'files-page__grid' : 'files-page__list'}
            data-view={view}
            data-testid="files-results"
            aria-label={t('filespage:results', { count: files.length })}
          >
            {files.map((file) => (
              <FileRow key={file.mid} file={file} view={view} onJump={jump} />
            ))}
          </ul>
        ) : null}
        {loading ? <Spinner label={t('filespage:loading')} /> : null}
        {next !== null && !loading ? (
          <Button variant="ghost" onClick={() => void loadMore()} data-testid="files-more">
            {t('filespage:more')}
          </Button>
        ) : null}
      </div>
    </main>
  );
}
