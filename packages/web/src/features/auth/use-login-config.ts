import type { LoginConfig } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { getLoginConfigQuietly } from '../../lib/api';

/** The public login configuration, or null while loading or when it cannot be read. */
export function useLoginConfig(): LoginConfig | null {
  const [config, setConfig] = useState<LoginConfig | null>(null);
  useEffect(() => {
    let active = true;
    getLoginConfigQuietly()
      .then((value) => {
        if (active) setConfig(value);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return config;
}
