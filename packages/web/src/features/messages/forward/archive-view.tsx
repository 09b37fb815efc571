/**
 * Archives on screen: a forwarded message's content in the conversation, and the `/favs` screen of
 * saved items. One module, so the conversation and the route share one lazy chunk.
 */
import type { Archive, Favorite } from '@parley/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useAppSelector } from '../../../lib/store';
import { Button, Spinner } from '../../../ui';
import { deleteFavorite, getArchive, getFavorite, listFavorites } from './actions';
import { ArchiveFile, archiveAttachmentUrl, favoriteAttachmentUrl, type AttachmentUrl } from './archive-file';

type Load = { path: string; archive: Archive | null; failed: boolean };

/** Fetches an archive once (the API module caches it); null while loading. */
export function useArchive(path: string, load: (path: string) => Promise<Archive> = getArchive) {
  const [state, setState] = useState<Load>({ path, archive: null, failed: false });
  useEffect(() => {
    let live = true;
    load(path).then(
      (archive) => live && setState({ path, archive, failed: false }),
      () => live && setState({ path, archive: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [path, load]);
  return state.path === path ? state : { path, archive: null, failed: false };
}

/** The messages of an archive: who wrote each, when, and what (text as plain text, files from its attachments). */
export function ArchiveMessages({ archive, url }: { archive: Archive; url: AttachmentUrl }) {
  const { t, i18n } = useTranslation('fav');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ol className="archive__list">
      {archive.messages.map((m) => (
        <li key={m.mid} className="archive__item" data-testid="archive-item">
          <p className="archive__meta">
            <span className="archive__name">{archive.users[m.from_user]?.name ?? t('unknown_sender')}</span>
            <time dateTime={new Date(m.created_at).toISOString()}>{time.format(m.created_at)}</time>
          </p>
          {m.content_type === 'vocechat/file' ? (
            <ArchiveFile message={m} url={url} />
          ) : (
            <p className="archive__text" dir="auto">
              {m.content ?? t('attachment')}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A `vocechat/archive` message in the conversation: the forwarded messages, fetched from the archive. */
export default function ArchiveView({ path }: { path: string }) {
  const { t } = useTranslation('fav');
  const { archive, failed } = useArchive(path);
  return (
    <section className="archive" aria-label={t('forwarded')} data-testid="archive-view">
      <p className="archive__title">{t('forwarded')}</p>
      {archive ? (
        <ArchiveMessages archive={archive} url={archiveAttachmentUrl(path)} />
      ) : (
        <p className="archive__note">{failed ? t('unavailable') : t('loading')}</p>
      )}
    </section>
  );
}

function SavedItem({ favorite, onRemove }: { favorite: Favorite; onRemove: (id: string) => void }) {
  const { t } = useTranslation('fav');
  const { archive, failed } = useArchive(favorite.id, getFavorite);
  const uid = useAppSelector((state) => state.auth?.user.uid ?? 0);
  return (
    <li className="favs__item" data-testid="fav-item">
      <section className="archive" aria-label={t('title')}>
        {archive ? (
          <ArchiveMessages archive={archive} url={favoriteAttachmentUrl(uid, favorite.id)} />
        ) : (
          <p className="archive__note">{failed ? t('unavailable') : t('loading')}</p>
        )}
      </section>
      <Button variant="ghost" small onClick={() => onRemove(favorite.id)} data-testid="fav-remove">
        {t('remove')}
      </Button>
    </li>
  );
}

/** `/favs`: the user's saved messages (API.md §8), oldest first, each with a way to remove it. */
export function FavsPage() {
  const { t } = useTranslation('fav');
  const [items, setItems] = useState<Favorite[] | null>(null);

  useEffect(() => {
    let live = true;
    listFavorites().then(
      (list) => live && setItems(list),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const remove = useCallback(
    (id: string) => {
      deleteFavorite(id).then(
        () => {
          setItems((old) => old?.filter((f) => f.id !== id) ?? null);
          toast.success(t('favorite_removed'));
        },
        () => undefined,
      );
    },
    [t],
  );

  return (
    <main className="favs" data-testid="favs-page">
      <h1 className="favs__title">{t('title')}</h1>
      {items === null ? (
        <Spinner label={t('loading')} />
      ) : items.length === 0 ? (
        <p className="archive__note" data-testid="favs-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="favs__list">
          {items.map((favorite) => (
            <SavedItem key={favorite.id} favorite={favorite} onRemove={remove} />
          ))}
        </ul>
      )}
    </main>
  );
}

/** `/favs` loads this module as its route (react-router's `lazy` takes `Component`). */
export { FavsPage as Component };
