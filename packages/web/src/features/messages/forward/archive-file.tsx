import type { ArchiveMessage } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../../lib/api';
import { formatSize } from '../../files';
import './archive-file.css';

/** The URL of an archive's or a favorite's attachment by index (API.md §7.3, §8). */
export type AttachmentUrl = (index: number, download?: boolean) => string;

export const archiveAttachmentUrl =
  (path: string): AttachmentUrl =>
  (index, download) =>
    buildUrl('/resource/archive/attachment', { file_path: path, attachment_id: index, download });

export const favoriteAttachmentUrl =
  (uid: number, id: string): AttachmentUrl =>
  (index, download) =>
    buildUrl(`/favorite/attachment/${uid}/${encodeURIComponent(id)}/${index}`, { download });

/** A forwarded or saved file: its thumbnail for an image, else its name and size, both linking to it. */
export function ArchiveFile({ message, url }: { message: ArchiveMessage; url: AttachmentUrl }) {
  const { t, i18n } = useTranslation('fav');
  const properties = message.properties ?? {};
  const name = typeof properties.name === 'string' ? properties.name : t('attachment');
  const type = typeof properties.content_type === 'string' ? properties.content_type : '';
  const size = typeof properties.size === 'number' ? properties.size : null;
  if (message.file_id === null) return <p className="archive__text">{t('attachment')}</p>;
  const href = url(message.file_id);
  const image = type.startsWith('image/') ? (message.thumbnail_id ?? message.file_id) : null;
  return (
    <a
      className="archive-file"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="archive-file"
    >
      {image !== null ? (
        <img className="archive-file__image" src={url(image)} alt={name} loading="lazy" />
      ) : (
        <span className="archive-file__doc">
          <span className="archive-file__name">{name}</span>
          {size !== null ? (
            <span className="archive-file__size">{formatSize(size, i18n.language)}</span>
          ) : null}
        </span>
      )}
    </a>
  );
}
