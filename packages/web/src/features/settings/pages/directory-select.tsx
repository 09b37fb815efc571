import type { SystemCommon } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../ui';

type Mode = SystemCommon['directory_visibility'];
const MODES: readonly Mode[] = ['everyone', 'shared_channels', 'admins_only'];

/** Who members may list and search (`directory_visibility`; docs/api.md "Member directory"). */
export function DirectorySelect({ value, onChange }: { value: Mode; onChange: (mode: Mode) => void }) {
  const { t } = useTranslation('directory');
  return (
    <>
      <SelectField
        label={t('label')}
        value={value}
        onChange={(event) => onChange(event.target.value as Mode)}
        data-testid="overview-directory"
      >
        {MODES.map((mode) => (
          <option key={mode} value={mode}>
            {t(mode)}
          </option>
        ))}
      </SelectField>
      <p className="admin-page__text">{t('hint')}</p>
    </>
  );
}
