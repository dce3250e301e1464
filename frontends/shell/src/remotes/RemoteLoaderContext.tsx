import { createContext, useContext, type ReactNode } from 'react';
import type { RemoteLoader } from './remote-loader';

const RemoteLoaderContext = createContext<RemoteLoader | null>(null);
RemoteLoaderContext.displayName = 'RemoteLoaderContext';

export function RemoteLoaderProvider({
  loader,
  children,
}: {
  loader: RemoteLoader;
  children?: ReactNode;
}) {
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader must be used inside <RemoteLoaderProvider>.');
  return loader;
}
