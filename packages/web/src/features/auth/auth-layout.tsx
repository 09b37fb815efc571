import type { ReactNode } from 'react';
import { organizationLogoUrl } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import './auth.css';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card shared by the login and registration screens. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const serverName = useAppSelector((state) => state.server.name);
  return (
    <main className="auth-page">
      <section className="card auth-card" aria-labelledby="auth-title">
        <div className="auth-card__brand">
          <img className="auth-card__logo" src={organizationLogoUrl()} alt="" width={56} height={56} />
          {serverName ? <span className="auth-card__server">{serverName}</span> : null}
        </div>
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </section>
    </main>
  );
}
