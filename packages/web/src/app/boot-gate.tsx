import type { ReactNode } from 'react';
import { useAppSelector } from '../lib/store';
import { LoadingScreen } from './loading-screen';

/** Holds the routes until the server said whether it is initialized (guards depend on it). */
export function BootGate({ children }: { children: ReactNode }) {
  const initialized = useAppSelector((state) => state.server.initialized);
  return initialized === null ? <LoadingScreen reload /> : <>{children}</>;
}
