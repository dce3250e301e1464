import { useApiUrl } from '@prosign/api-client';
import { ClientEvent, SIGNER_INACTIVITY_THRESHOLD_MS } from '@prosign/domain';
import { useEffect, useRef } from 'react';
import {
  connectSignerSocket,
  type PresenceSocket,
  type PresenceSocketFactory,
} from './signer-socket';

/** Input reported as activity (spec 1 §4.2: mouse move, key, scroll, click; touch on phones). */
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll', 'click', 'touchstart'] as const;

/** Repeated activity is reported at most this often; the server only needs "still here". */
const PRESENCE_ACTIVE_THROTTLE_MS = 5_000;

export interface SignerPresenceOptions {
  token: string;
  docLink: string;
  /** Presence is reported only while the agreement is shown. */
  enabled: boolean;
  connect?: PresenceSocketFactory;
  idleMs?: number;
  throttleMs?: number;
}

/**
 * Reports the signer's presence over Socket.IO (spec 1 §4.2): active on input
 * (throttled), inactive after 30 s without input, and inactive plus disconnect
 * when the page is left (pagehide or unmount).
 */
export function useSignerPresence({
  token,
  docLink,
  enabled,
  connect = connectSignerSocket,
  idleMs = SIGNER_INACTIVITY_THRESHOLD_MS,
  throttleMs = PRESENCE_ACTIVE_THROTTLE_MS,
}: SignerPresenceOptions): void {
  const apiUrl = useApiUrl();
  const connectRef = useRef(connect);
  connectRef.current = connect;

  useEffect(() => {
    if (!enabled) return undefined;
    let socket: PresenceSocket | null = null;
    let left = false;
    let active = false;
    let lastActiveAt = 0;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const report = { token };

    const goInactive = () => {
      if (!active) return;
      active = false;
      socket?.emit(ClientEvent.UserInactive, report);
    };
    const onActivity = () => {
      if (left) return;
      clearTimeout(idleTimer);
      idleTimer = setTimeout(goInactive, idleMs);
      const now = Date.now();
      if (active && now - lastActiveAt < throttleMs) return;
      active = true;
      lastActiveAt = now;
      socket?.emit(ClientEvent.UserActive, report);
    };
    const leave = () => {
      if (left) return;
      goInactive();
      left = true;
      clearTimeout(idleTimer);
      socket?.disconnect();
      socket = null;
    };

    connectRef.current(apiUrl, { token, docLink }).then(
      (connected) => {
        if (left) return connected.disconnect();
        socket = connected;
        // Opening the page counts as being active.
        onActivity();
      },
      (error: unknown) => console.warn('[signing] presence unavailable', error),
    );

    ACTIVITY_EVENTS.forEach((name) =>
      window.addEventListener(name, onActivity, { passive: true, capture: true }),
    );
    window.addEventListener('pagehide', leave);
    return () => {
      ACTIVITY_EVENTS.forEach((name) =>
        window.removeEventListener(name, onActivity, { capture: true }),
      );
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [enabled, apiUrl, token, docLink, idleMs, throttleMs]);
}
