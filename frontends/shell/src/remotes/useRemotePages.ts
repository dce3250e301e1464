import type { RemoteKey } from '@prosign/api-client';
import { useEffect, useState } from 'react';
import { useRemoteLoader } from './RemoteLoaderContext';
import type { RemotePages } from './remote-registry';

export type RemotePagesState =
  | { status: 'loading' }
  | { status: 'ready'; pages: RemotePages }
  | { status: 'error'; error: unknown };

/** Loads a remote's pages (once per remote; again after `loader.forget`). */
export function useRemotePages(remote: RemoteKey): RemotePagesState {
  const loader = useRemoteLoader();
  const [result, setResult] = useState<{ remote: RemoteKey; state: RemotePagesState } | null>(null);

  useEffect(() => {
    if (loader.peek(remote)) return undefined;
    let current = true;
    loader.load(remote).then(
      (pages) => current && setResult({ remote, state: { status: 'ready', pages } }),
      (error: unknown) => current && setResult({ remote, state: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [loader, remote]);

  const ready = loader.peek(remote);
  if (ready) return { status: 'ready', pages: ready };
  return result?.remote === remote ? result.state : { status: 'loading' };
}
