import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { CheckIcon, CopyIcon } from './icons';

/** Copies `text`; says so for a moment (secrets, keys and snippets shown once). */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <Button
      type="button"
      variant="ghost"
      small
      icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      onClick={() => void copy()}
      data-testid={testId}
    >
      {copied ? t('actions.copied') : (label ?? t('actions.copy'))}
    </Button>
  );
}
