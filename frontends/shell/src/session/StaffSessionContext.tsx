import { authApi, isApiError, useApiClient } from '@prosign/api-client';
import { AUTH_MESSAGES, TOAST_DURATION_MS, type StaffSession } from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { clearSessionData, hadStoredSession, rememberSessionExpiry } from './session-storage';
import type { UnauthorizedEvents } from './unauthorized-events';

export type StaffSessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; session: StaffSession }
  | { status: 'signed-out' }
  /** The server could not be asked (network, 5xx): neither signed in nor out. */
  | { status: 'unavailable'; error: unknown };

export interface StaffSessionValue {
  state: StaffSessionState;
  /** After a successful sign-in: the server's session. */
  signedIn(session: StaffSession): void;
  /** Ends the session on the server and in the browser. */
  signOut(): Promise<void>;
  /** Re-reads the session (e.g. after one's own flags changed). */
  refresh(): Promise<void>;
}

const StaffSessionContext = createContext<StaffSessionValue | null>(null);
StaffSessionContext.displayName = 'StaffSessionContext';

/** setTimeout cannot wait longer than ~24.8 days; sessions last 12 hours. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The staff session in the shell (spec 1 §4.3). The server decides: the
 * provider asks `GET /api/auth/session` at start, and ends the session in the
 * browser — clearing session data, telling the person "Your session has
 * expired. Please log in again." — when the expiry time passes or any call
 * answers 401. Staff routes then go to /portal (RequireStaffSession).
 */
export function StaffSessionProvider({
  unauthorized,
  children,
}: {
  unauthorized: UnauthorizedEvents;
  children?: ReactNode;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [state, setState] = useState<StaffSessionState>({ status: 'checking' });
  const stateRef = useRef(state);
  stateRef.current = state;

  const endSession = useCallback(
    (showExpiry: boolean) => {
      clearSessionData();
      // The next person on this browser must not see the previous one's data.
      queryClient.clear();
      setState({ status: 'signed-out' });
      if (showExpiry) toast.error(AUTH_MESSAGES.sessionExpired, TOAST_DURATION_MS.long);
    },
    [queryClient, toast],
  );

  const signedIn = useCallback((session: StaffSession) => {
    rememberSessionExpiry(session.expiresAt);
    setState({ status: 'signed-in', session });
  }, []);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        signedIn(await authApi.session(client, signal));
      } catch (error) {
        if (signal?.aborted) return;
        if (isApiError(error) && error.statusCode === 401) {
          // A session this browser had has ended while the page was closed.
          const wasSignedIn = stateRef.current.status === 'signed-in' || hadStoredSession();
          // With no session before, there is nothing to clear: clearing the query cache here
          // would refetch the login page's options and swap its form out under the person typing.
          if (wasSignedIn) endSession(true);
          else setState({ status: 'signed-out' });
        } else if (stateRef.current.status !== 'signed-in') {
          setState({ status: 'unavailable', error });
        }
      }
    },
    [client, endSession, signedIn],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // Any staff call answering 401 ends a live session.
  useEffect(
    () =>
      unauthorized.subscribe(() => {
        if (stateRef.current.status === 'signed-in') endSession(true);
      }),
    [unauthorized, endSession],
  );

  // The expiry time passing ends it too, without waiting for a call.
  const expiresAt = state.status === 'signed-in' ? state.session.expiresAt : undefined;
  useEffect(() => {
    if (!expiresAt) return undefined;
    const remaining = Date.parse(expiresAt) - Date.now();
    const timer = setTimeout(
      () => endSession(true),
      Math.max(0, Math.min(remaining, MAX_TIMER_MS)),
    );
    return () => clearTimeout(timer);
  }, [expiresAt, endSession]);

  // Rights may have changed while the tab was in the background.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && stateRef.current.status === 'signed-in') {
        void load();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [load]);

  const signOut = useCallback(async () => {
    try {
      await authApi.logout(client);
    } catch {
      // Signed out in this browser regardless; the server session expires on its own.
    }
    endSession(false);
  }, [client, endSession]);

  const value = useMemo<StaffSessionValue>(
    () => ({ state, signedIn, signOut, refresh: () => load() }),
    [state, signedIn, signOut, load],
  );
  return <StaffSessionContext.Provider value={value}>{children}</StaffSessionContext.Provider>;
}

export function useStaffSession(): StaffSessionValue {
  const value = useContext(StaffSessionContext);
  if (!value) throw new Error('useStaffSession must be used inside <StaffSessionProvider>.');
  return value;
}

/** The signed-in staff member; only valid below RequireStaffSession. */
export function useSignedInStaff(): StaffSession {
  const { state } = useStaffSession();
  if (state.status !== 'signed-in') throw new Error('No staff session.');
  return state.session;
}
