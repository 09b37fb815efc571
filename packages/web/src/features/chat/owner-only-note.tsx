import { useTranslation } from 'react-i18next';

/** In place of the composer when only the owner and administrators may write (SPEC §8's wording). */
export function OwnerOnlyNote() {
  const { t } = useTranslation('channels');
  return (
    <div className="composer composer--guest" role="note" data-testid="composer-owner-only">
      <p>{t('composer.owner_only')}</p>
    </div>
  );
}
