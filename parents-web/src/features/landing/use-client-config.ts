import type { ClientConfigResponse } from '@sprout/shared';
import { useCallback, useEffect, useState } from 'react';
import { getClientConfig } from '../../lib/firebase';

export type ClientConfigState =
  { status: 'loading' } | { status: 'ready'; config: ClientConfigResponse } | { status: 'failed' };

/** The run-time client config (support address, store links, promotion code) for public pages. */
export function useClientConfig(): ClientConfigState & { retry: () => void } {
  const [state, setState] = useState<ClientConfigState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    getClientConfig().then(
      (config) => {
        if (active) setState({ status: 'ready', config });
      },
      (error: unknown) => {
        console.error('Could not load the client config', error);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}

/** A mailto: address with an optional subject line, encoded for any mail client. */
export function mailtoHref(email: string, subject?: string, body?: string): string {
  const params: string[] = [];
  if (subject) params.push(`subject=${encodeURIComponent(subject)}`);
  if (body) params.push(`body=${encodeURIComponent(body)}`);
  return `mailto:${email}${params.length ? `?${params.join('&')}` : ''}`;
}
