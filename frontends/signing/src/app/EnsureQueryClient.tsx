import { createQueryClient } from '@prosign/api-client';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';

/**
 * The data layer arrives with the first step that fetches data: inside the
 * shell the shell's QueryClient is used; on the standalone signing page one is
 * created here, so TanStack Query is not part of the first render (the captcha).
 */
export function EnsureQueryClient({ children }: { children?: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [own] = useState(() => (existing ? null : createQueryClient()));
  if (existing || !own) return <>{children}</>;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
