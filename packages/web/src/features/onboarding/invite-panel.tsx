import { INVITE_EXPIRY_CHOICES, INVITE_USE_CHOICES, LIMITS } from '@parley/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRegMagicLink } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { Button, CheckIcon, CopyIcon, SelectField } from '../../ui';
import { copyText } from './copy-text';
import { formatDuration, rewriteInviteOrigin } from './invite-link';

const DEFAULT_EXPIRY = 604_800;
const DEFAULT_USES = LIMITS.inviteUnlimitedUses;
const COPIED_MS = 1500;

/** Creates registration invite links with a chosen lifetime and use limit, and copies them. */
export function InvitePanel({ autoCreate = true }: { autoCreate?: boolean }) {
  const { t } = useTranslation(['welcome', 'common']);
  const [expiry, setExpiry] = useState<number>(DEFAULT_EXPIRY);
  const [uses, setUses] = useState<number>(DEFAULT_USES);
  const [link, setLink] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const language = currentLanguage();

  const create = async (expiredIn: number, maxTimes: number) => {
    setCreating(true);
    try {
      const text = await createRegMagicLink(expiredIn, maxTimes);
      setLink(rewriteInviteOrigin(text, window.location.origin));
    } catch {
      /* the API client already showed the error */
    } finally {
      setCreating(false);
    }
  };

  const createRef = useRef(create);
  useEffect(() => {
    createRef.current = create;
  });
  useEffect(() => {
    if (autoCreate) void createRef.current(DEFAULT_EXPIRY, DEFAULT_USES);
  }, [autoCreate]);
  useEffect(() => () => clearTimeout(copiedTimer.current ?? undefined), []);

  const copy = async () => {
    if (!link || !(await copyText(link))) return;
    setCopied(true);
    if (copiedTimer.current) clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <div className="invite-panel">
      <div className="invite-panel__options">
        <SelectField
          label={t('invite.expiry_label')}
          value={expiry}
          onChange={(event) => setExpiry(Number(event.target.value))}
          data-testid="invite-expiry"
        >
          {INVITE_EXPIRY_CHOICES.map((seconds) => (
            <option key={seconds} value={seconds}>
              {formatDuration(seconds, language)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('invite.uses_label')}
          value={uses}
          onChange={(event) => setUses(Number(event.target.value))}
          data-testid="invite-uses"
        >
          {INVITE_USE_CHOICES.map((count) => (
            <option key={count} value={count}>
              {count === LIMITS.inviteUnlimitedUses ? t('invite.unlimited') : t('invite.uses', { count })}
            </option>
          ))}
        </SelectField>
      </div>
      <Button
        variant="ghost"
        loading={creating}
        onClick={() => void create(expiry, uses)}
        data-testid="invite-generate"
      >
        {link ? t('invite.regenerate') : t('invite.generate')}
      </Button>
      <div className="invite-panel__link" aria-live="polite">
        <code className="invite-panel__url" data-testid="invite-link">
          {link ?? (creating ? t('common:status.loading') : '')}
        </code>
        <Button
          variant={copied ? 'border_less' : 'primary'}
          small
          icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
          onClick={() => void copy()}
          disabled={!link}
          data-testid="invite-copy"
        >
          {copied ? t('common:actions.copied') : t('common:actions.copy')}
        </Button>
      </div>
      <p className="invite-panel__hint">{t('invite.hint', { duration: formatDuration(expiry, language) })}</p>
    </div>
  );
}
