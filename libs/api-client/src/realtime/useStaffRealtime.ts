import type {
  ClientToServerEvents,
  AgreementChangedEvent,
  InvoiceChangedEvent,
  ServerToClientEvents,
  SignerPresenceEvent,
} from '@prosign/domain';
import { ServerEvent } from '@prosign/domain';
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useApiUrl } from '../config/RuntimeConfigProvider';

type StaffSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The api's Socket.IO path (backend/src/platform/realtime/redis-io.adapter.ts). */
const STAFF_SOCKET_PATH = '/socket.io';

export interface StaffRealtimeHandlers {
  onAgreementChanged?: (event: AgreementChangedEvent) => void;
  onSignerPresence?: (event: SignerPresenceEvent) => void;
  onInvoiceChanged?: (event: InvoiceChangedEvent) => void;
  /**
   * The socket connected again after it was lost (its api replica went away, the network
   * dropped): changes made meanwhile were never heard, so what is on screen is refetched.
   */
  onReconnect?: () => void;
}

/**
 * Listens to the staff room: the session cookie goes with the connection, and
 * the server puts the socket in the room that receives contract changes and
 * signer presence. One connection per mounted screen; closed on unmount.
 */
export function useStaffRealtime(handlers: StaffRealtimeHandlers): void {
  const apiUrl = useApiUrl();
  // The latest handlers, without reconnecting when they change.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const socket: StaffSocket = io(apiUrl, {
      path: STAFF_SOCKET_PATH,
      withCredentials: true,
      transports: ['websocket', 'polling'],
    });
    socket.on(ServerEvent.AgreementChanged, (event) => latest.current.onAgreementChanged?.(event));
    socket.on(ServerEvent.SignerPresence, (event) => latest.current.onSignerPresence?.(event));
    socket.on(ServerEvent.InvoiceChanged, (event) => latest.current.onInvoiceChanged?.(event));
    let connectedBefore = false;
    socket.on('connect', () => {
      if (connectedBefore) latest.current.onReconnect?.();
      connectedBefore = true;
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [apiUrl]);
}
