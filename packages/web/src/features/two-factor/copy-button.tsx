import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CheckIcon, CopyIcon } from '../../ui';

/** Copies `text`; says so for a moment. */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation('twofactor');
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
      {copied ? t('copied') : (label ?? t('copy'))}
    </Button>
  );
}
