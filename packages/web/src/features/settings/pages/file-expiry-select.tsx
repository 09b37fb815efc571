import type { SystemCommon } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../ui';

type Mode = SystemCommon['max_file_expiry_mode'];
const MODES: readonly Mode[] = ['Off', 'Day1', 'Day7', 'Day30', 'Day90', 'Day180'];

/** The file auto-delete setting (`max_file_expiry_mode`), on the overview and data pages. */
export function FileExpirySelect({ value, onChange }: { value: Mode; onChange: (mode: Mode) => void }) {
  const { t } = useTranslation('admin');
  return (
    <SelectField
      label={t('expiry.label')}
      value={value}
      onChange={(event) => onChange(event.target.value as Mode)}
      data-testid="file-expiry"
    >
      {MODES.map((mode) => (
        <option key={mode} value={mode}>
          {t(`expiry.${mode}`)}
        </option>
      ))}
    </SelectField>
  );
}
