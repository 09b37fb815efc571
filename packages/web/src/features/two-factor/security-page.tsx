import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type TotpSetup, type TotpStatus } from '@parley/protocol';
import { call } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { toast } from '../../lib/toast';
import { Button, Checkbox, CopyButton, Spinner, TextField } from '../../ui';
import './two-factor.css';

/** Settings › Two-factor sign-in: enrol, see the recovery codes once, turn it off; the policy for admins. */
export function SecurityPage() {
  const { t } = useTranslation('twofactor');
  const user = useAppSelector((state) => state.auth?.user);
  const [status, setStatus] = useState<TotpStatus | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const reload = useCallback(() => {
    void call('getTotp').then(setStatus, () => undefined);
  }, []);
  useEffect(reload, [reload]);
  if (!user) return null;
  const guest = user.create_by === 'guest';

  return (
    <section className="two-factor" data-testid="security-page" aria-labelledby="security-title">
      <h2 id="security-title">{t('title')}</h2>
      <p className="admin-page__text">{t('intro')}</p>
      {guest ? (
        <p className="admin-page__text">{t('guest')}</p>
      ) : !status ? (
        <Spinner />
      ) : codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status.enabled ? (
        <>
          <TurnOff left={status.recovery_codes_left} onDone={reload} />
          <NewRecoveryCodes onCodes={(c) => (setCodes(c), reload())} />
        </>
      ) : (
        <Enrol required={status.required} onEnabled={(c) => (setCodes(c), reload())} />
      )}
      {user.is_admin && status ? <Policy required={status.required} onChange={reload} /> : null}
    </section>
  );
}

/**
 * A form that sends an authenticator code: the field's value (cleared once accepted), busy while
 * it is sent, and "wrong" when the server refuses it (403, which is not toasted).
 */
function useCodeForm(send: (code: string) => Promise<void>) {
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setWrong(false);
    try {
      await send(code.trim());
      setCode('');
    } catch {
      setWrong(true);
    }
    setBusy(false);
  };
  return { code, setCode, wrong, busy, submit };
}

function Enrol({ required, onEnabled }: { required: boolean; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('twofactor');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const {
    code,
    setCode,
    wrong,
    busy: confirming,
    submit: confirm,
  } = useCodeForm(async (value) => {
    const { recovery_codes } = await call('enableTotp', { body: { code: value } }, { errors: { 403: null } });
    onEnabled(recovery_codes);
  });
  const [starting, setStarting] = useState(false);
  // Sent here because it is required: the section is below the account's fields, so it comes into view.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (required) card.current?.scrollIntoView({ block: 'center' });
  }, [required]);
  const start = async () => {
    setStarting(true);
    await call('setupTotp').then(setSetup, () => undefined);
    setStarting(false);
  };
  return (
    <div className="admin-card" data-testid="totp-enrol" ref={card}>
      {required ? (
        <p className="two-factor__banner" role="alert" data-testid="totp-required">
          {t('required_banner')}
        </p>
      ) : null}
      <p className="admin-page__text" data-testid="totp-status">
        {t('status_off')}
      </p>
      {!setup ? (
        <div className="admin-row">
          <Button onClick={() => void start()} loading={starting} data-testid="totp-setup">
            {t('setup')}
          </Button>
        </div>
      ) : (
        <form className="two-factor__steps" onSubmit={confirm}>
          <h3>{t('step_add')}</h3>
          <p className="admin-page__text">{t('step_add_hint')}</p>
          <div className="two-factor__secret">
            <span className="two-factor__label">{t('secret')}</span>
            <code data-testid="totp-secret">{setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
            <CopyButton text={setup.secret} testId="totp-copy-secret" />
          </div>
          <div className="two-factor__secret">
            <span className="two-factor__label">{t('url')}</span>
            <code className="two-factor__url" data-testid="totp-url">
              {setup.otpauth_url}
            </code>
            <CopyButton text={setup.otpauth_url} />
          </div>
          <div className="admin-row">
            <a className="btn btn--ghost" href={setup.otpauth_url}>
              {t('open_app')}
            </a>
          </div>
          <h3>{t('step_confirm')}</h3>
          <TextField
            label={t('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={wrong ? t('wrong_code') : undefined}
            data-testid="totp-enrol-code"
          />
          <div className="admin-row">
            <Button type="submit" loading={confirming} data-testid="totp-enable">
              {t('turn_on')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('twofactor');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="admin-card" data-testid="totp-codes">
      <h3>{t('codes_title')}</h3>
      <p className="admin-page__text">{t('codes_intro')}</p>
      <ol className="two-factor__codes" data-testid="totp-code-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="admin-row">
        <CopyButton text={text} label={t('copy_codes')} />
        <Button type="button" variant="ghost" small onClick={download}>
          {t('download_codes')}
        </Button>
        <Button type="button" onClick={onDone} data-testid="totp-codes-done">
          {t('done')}
        </Button>
      </div>
    </div>
  );
}

function TurnOff({ left, onDone }: { left: number; onDone: () => void }) {
  const { t } = useTranslation('twofactor');
  const { code, setCode, wrong, busy, submit } = useCodeForm(async (value) => {
    await call('disableTotp', { body: { code: value } }, { errors: { 403: null } });
    toast.success(t('turned_off'));
    onDone();
  });
  return (
    <form className="admin-card" onSubmit={submit} data-testid="totp-on">
      <p className="admin-page__text" data-testid="totp-status">
        {t('status_on', { left })}
      </p>
      <h3>{t('turn_off_title')}</h3>
      <TextField
        label={t('code')}
        hint={t('turn_off_hint')}
        autoComplete="one-time-code"
        maxLength={LIMITS.totpCodeMaxLength}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={wrong ? t('wrong_code') : undefined}
        data-testid="totp-disable-code"
      />
      <div className="admin-row">
        <Button type="submit" variant="danger" loading={busy} data-testid="totp-disable">
          {t('turn_off')}
        </Button>
      </div>
    </form>
  );
}

/** New recovery codes in place of all the old ones, confirmed with an authenticator code. */
function NewRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(['myaccount']);
  const { code, setCode, wrong, busy, submit } = useCodeForm(async (value) => {
    const { recovery_codes } = await call(
      'regenerateTotpRecoveryCodes',
      { body: { code: value } },
      { errors: { 403: null } },
    );
    onCodes(recovery_codes);
  });
  return (
    <form className="admin-card" onSubmit={submit} data-testid="totp-regenerate">
      <h3>{t('myaccount:recovery.title')}</h3>
      <TextField
        label={t('myaccount:recovery.code')}
        hint={t('myaccount:recovery.hint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={wrong ? t('myaccount:recovery.wrong') : undefined}
        data-testid="totp-regenerate-code"
      />
      <div className="admin-row">
        <Button type="submit" variant="ghost" loading={busy} data-testid="totp-regenerate-submit">
          {t('myaccount:recovery.submit')}
        </Button>
      </div>
    </form>
  );
}

function Policy({ required, onChange }: { required: boolean; onChange: () => void }) {
  const { t } = useTranslation('twofactor');
  const [busy, setBusy] = useState(false);
  const toggle = async (value: boolean) => {
    setBusy(true);
    await call('setTotpPolicy', { body: { required: value } }).then(
      () => toast.success(t('saved')),
      () => undefined,
    );
    setBusy(false);
    onChange();
  };
  return (
    <div className="admin-card" data-testid="totp-policy">
      <h3>{t('require_title')}</h3>
      <Checkbox
        label={t('require')}
        description={t('require_hint')}
        checked={required}
        disabled={busy}
        onChange={(e) => void toggle(e.target.checked)}
        data-testid="totp-require"
      />
    </div>
  );
}
