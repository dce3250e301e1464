import {
  SIGNER_SOCKET_OPTIONS,
  type ClientToServerEvents,
  type SignerPresenceReport,
} from '@prosign/domain';

/** What presence needs of a Socket.IO connection (tests pass a fake). */
export interface PresenceSocket {
  emit(event: 'user-active' | 'user-inactive', report: SignerPresenceReport): void;
  disconnect(): void;
}

export type PresenceSocketFactory = (
  apiUrl: string,
  query: { token: string; docLink: string },
) => Promise<PresenceSocket>;

/**
 * Connects to the api's Socket.IO endpoint (`{apiUrl}/socket.io`) as a signer,
 * with the spec's reconnection settings. socket.io-client is loaded on first
 * use so it is not part of the signing page's first render.
 */
export const connectSignerSocket: PresenceSocketFactory = async (apiUrl, query) => {
  const { io } = await import(/* webpackChunkName: "socket-io" */ 'socket.io-client');
  const socket = io(apiUrl, {
    path: '/socket.io',
    query,
    transports: ['websocket', 'polling'],
    ...SIGNER_SOCKET_OPTIONS,
  });
  return {
    emit: (event, report) => {
      (socket.emit as (name: keyof ClientToServerEvents, payload: SignerPresenceReport) => void)(
        event,
        report,
      );
    },
    disconnect: () => socket.disconnect(),
  };
};
