import type { LoginConfig } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getGithubClientIdQuietly,
  getGoogleClientIdQuietly,
  githubAuthorize,
  googleAuthorize,
  loginWith,
  metamaskNonce,
  openidAuthorize,
} from '../../lib/api';
import { getDeviceId } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Button } from '../../ui';
import { markOidcPending, oidcRedirectUri } from './oidc-callback';
import { ProviderIcon } from './provider-icons';
import type { SocialProvider } from './social-return';
import { markSocialPending, randomToken, socialRedirectUri } from './social-start';
import './signin.css';
import { askSecondFactor, useEnterApp } from '../two-factor';

interface Ethereum {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}
const ethereum = (): Ethereum | undefined => (window as { ethereum?: Ethereum }).ethereum;

const issuerLabel = (domain: string) => {
  try {
    return new URL(/^https?:\/\//.test(domain) ? domain : `https://${domain}`).host;
  } catch {
    return domain;
  }
};

/** Which of GitHub and Google are on and have a client (their public configs, read once). */
function useProviders(config: LoginConfig): SocialProvider[] {
  const [ids, setIds] = useState<{ github: string; google: string }>({ github: '', google: '' });
  const { github, google } = config;
  useEffect(() => {
    let active = true;
    void Promise.all([
      github ? getGithubClientIdQuietly() : '',
      google ? getGoogleClientIdQuietly() : '',
    ]).then(([gh, go]) => active && setIds({ github: gh, google: go }));
    return () => {
      active = false;
    };
  }, [github, google]);
  return (['google', 'github'] as const).filter((p) => config[p] && ids[p]);
}

const PROVIDER_NAMES: Record<SocialProvider, string> = { github: 'GitHub', google: 'Google' };

/**
 * The login page's other ways in: Google and GitHub when on and set up, one button per enabled
 * OpenID issuer, and MetaMask when present.
 */
export function SocialButtons({ config }: { config: LoginConfig }) {
  const { t } = useTranslation('signin');
  const enter = useEnterApp();
  const [busy, setBusy] = useState<string | null>(null);
  const providers = useProviders(config);
  const issuers = config.oidc.filter((issuer) => issuer.enable && issuer.domain);
  const metamask = config.metamask && ethereum() !== undefined;
  if (providers.length === 0 && issuers.length === 0 && !metamask) return null;

  const startProvider = async (provider: SocialProvider) => {
    setBusy(provider);
    try {
      const state = randomToken();
      const nonce = randomToken();
      const { url } =
        provider === 'github'
          ? await githubAuthorize(socialRedirectUri(), state)
          : await googleAuthorize(socialRedirectUri(), state, nonce);
      markSocialPending({ provider, state, ...(provider === 'google' && { nonce }) });
      window.location.assign(url);
    } catch {
      setBusy(null);
    }
  };

  const startOidc = async (domain: string) => {
    setBusy(domain);
    try {
      const { url } = await openidAuthorize(domain, oidcRedirectUri());
      markOidcPending();
      window.location.assign(url);
    } catch {
      setBusy(null);
    }
  };

  const startMetamask = async () => {
    const wallet = ethereum();
    if (!wallet) return;
    setBusy('metamask');
    try {
      const [address] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
      if (!address) throw new Error('no account');
      const nonce = await metamaskNonce(address);
      const signature = (await wallet.request({
        method: 'personal_sign',
        params: [nonce, address],
      })) as string;
      const response = await loginWith(
        { type: 'metamask', public_address: address, nonce, signature },
        getDeviceId(),
        { 410: 'signin:social.no_account' },
      );
      toast.dismiss();
      await enter(response);
    } catch (error) {
      askSecondFactor(error);
      setBusy(null);
    }
  };

  return (
    <div className="signin-social" data-testid="social-buttons">
      <p className="signin-social__divider">{t('social.or')}</p>
      {providers.map((provider) => (
        <Button
          key={provider}
          type="button"
          variant="ghost"
          block
          loading={busy === provider}
          disabled={busy !== null}
          onClick={() => void startProvider(provider)}
          icon={<ProviderIcon provider={provider} />}
          data-testid={`login-${provider}`}
        >
          {t('social.continue_with', { name: PROVIDER_NAMES[provider] })}
        </Button>
      ))}
      {issuers.map((issuer) => (
        <Button
          key={issuer.domain}
          type="button"
          variant="ghost"
          block
          loading={busy === issuer.domain}
          disabled={busy !== null}
          onClick={() => void startOidc(issuer.domain)}
          icon={
            issuer.favicon ? <img className="signin-social__icon" src={issuer.favicon} alt="" /> : undefined
          }
          data-testid="login-oidc"
        >
          {t('social.continue_with', { name: issuerLabel(issuer.domain) })}
        </Button>
      ))}
      {metamask ? (
        <Button
          type="button"
          variant="ghost"
          block
          loading={busy === 'metamask'}
          disabled={busy !== null}
          onClick={() => void startMetamask()}
          data-testid="login-metamask"
        >
          {t('social.continue_with', { name: 'MetaMask' })}
        </Button>
      ) : null}
    </div>
  );
}
