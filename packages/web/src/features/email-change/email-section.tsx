import { LIMITS } from '@parley/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { toast } from '../../lib/toast';
import { Button, TextField } from '../../ui';

type Step = { kind: 'view' } | { kind: 'form' } | { kind: 'sent'; email: string; minutes: number };
type Problem = 'taken' | 'invalid' | 'wrong_password' | 'no_mail' | null;

/** Accounts that sign in with their own address (the server's rule: docs/api.md). */
const CHANGEABLE = new Set(['password', 'magiclink']);

/**
 * Settings › My account › E-mail address (docs/api.md, "Changing the e-mail address"): a new
 * address and the current password; with mail on, "check your inbox" until the link is opened
 * (the address shown changes when `users_log` arrives); with mail off, at once.
 */
export function EmailSection() {
  const { t } = useTranslation('myaccount');
  const user = useAppSelector((state) => state.auth?.user);
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  if (!user || user.is_bot || user.create_by === 'guest') return null;
  const changeable = CHANGEABLE.has(user.create_by);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const res = await call(
        'changeEmail',
        { body: { email: email.trim(), ...(password && { password }) } },
        { errors: { 400: null, 403: null, 409: null } },
      );
      setPassword('');
      if (res.mail_sent) {
        setStep({ kind: 'sent', email: email.trim().toLowerCase(), minutes: res.expires_in_minutes });
      } else {
        toast.success(t('email.changed', { email: res.user.email ?? '' }));
        setStep({ kind: 'view' });
      }
    } catch (error) {
      if (isApiError(error) && error.status === 409) setProblem('taken');
      else if (isApiError(error) && error.status === 400) setProblem('invalid');
      else if (isApiError(error) && error.status === 403)
        setProblem(!password && user.create_by === 'magiclink' ? 'no_mail' : 'wrong_password');
    }
    setBusy(false);
  };

  return (
    <div className="admin-card" data-testid="email-section">
      <h3>{t('email.title')}</h3>
      <p className="admin-page__text" data-testid="email-current">
        {user.email ? t('email.current', { email: user.email }) : t('email.none')}
      </p>
      {!changeable ? (
        <p className="admin-page__text">{t('email.not_allowed')}</p>
      ) : step.kind === 'view' ? (
        <div className="admin-row">
          <Button variant="ghost" onClick={() => setStep({ kind: 'form' })} data-testid="email-change">
            {t('email.change')}
          </Button>
        </div>
      ) : step.kind === 'sent' ? (
        <div role="status" data-testid="email-sent">
          <h4>{t('email.sent_title')}</h4>
          <p className="admin-page__text">
            {t('email.sent', { email: step.email, minutes: step.minutes, old: user.email ?? '' })}
          </p>
          <div className="admin-row">
            <Button variant="ghost" onClick={() => setStep({ kind: 'form' })}>
              {t('email.again')}
            </Button>
            <Button onClick={() => setStep({ kind: 'view' })} data-testid="email-sent-done">
              {t('email.done')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} style={{ display: 'grid', gap: 12 }} data-testid="email-form">
          <TextField
            label={t('email.new')}
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.emailMaxLength}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={
              problem === 'taken' ? t('email.taken') : problem === 'invalid' ? t('email.invalid') : undefined
            }
            data-testid="email-new"
          />
          <TextField
            label={t('email.password')}
            type="password"
            autoComplete="current-password"
            required={user.create_by === 'password'}
            hint={user.create_by === 'magiclink' ? t('email.password_hint') : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={
              problem === 'wrong_password'
                ? t('email.wrong_password')
                : problem === 'no_mail'
                  ? t('email.no_mail')
                  : undefined
            }
            data-testid="email-password"
          />
          <div className="admin-row">
            <Button type="submit" loading={busy} data-testid="email-submit">
              {t('email.submit')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => (setStep({ kind: 'view' }), setProblem(null))}
            >
              {t('email.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
