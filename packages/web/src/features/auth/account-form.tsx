import { LIMITS } from '@parley/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui';
import { validateAccount, type AccountErrors, type AccountInput } from './validate-account';

export interface AccountForm {
  input: AccountInput;
  errors: AccountErrors;
  setErrors: (errors: AccountErrors) => void;
  update: (field: keyof AccountInput, value: string) => void;
  /** Shows the problems found and says whether the input can be sent. */
  validate: () => boolean;
}

/** The state of an email, name, password and confirmation form (registration and the first admin). */
export function useAccountForm(initial: Partial<AccountInput> = {}): AccountForm {
  const [input, setInput] = useState<AccountInput>({
    email: '',
    name: '',
    password: '',
    confirm: '',
    ...initial,
  });
  const [errors, setErrors] = useState<AccountErrors>({});
  return {
    input,
    errors,
    setErrors,
    update: (field, value) => {
      setInput((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    validate: () => {
      const found = validateAccount(input);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
  };
}

interface AccountFieldsProps {
  form: AccountForm;
  /** Test ids are `<prefix>-email`, `<prefix>-name`, `<prefix>-password`, `<prefix>-confirm`. */
  testIdPrefix: string;
  autoFocus?: boolean;
  disabled?: boolean;
}

export function AccountFields({ form, testIdPrefix, autoFocus, disabled }: AccountFieldsProps) {
  const { t } = useTranslation(['auth']);
  const { input, errors, update } = form;
  const field = (name: keyof AccountInput) => ({
    value: input[name],
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
    error: errors[name] ? t(errors[name]) : undefined,
    disabled,
    required: true,
    'data-testid': `${testIdPrefix}-${name}`,
  });
  return (
    <>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        autoFocus={autoFocus}
        {...field('email')}
      />
      <TextField
        label={t('fields.name')}
        autoComplete="nickname"
        maxLength={LIMITS.nameMaxLength}
        {...field('name')}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('fields.password_hint', { count: LIMITS.passwordMinLength })}
        {...field('password')}
      />
      <TextField
        label={t('fields.confirm_password')}
        type="password"
        autoComplete="new-password"
        {...field('confirm')}
      />
    </>
  );
}
