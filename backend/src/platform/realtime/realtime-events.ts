/**
 * The Socket.IO contract, in one place: every event name and payload the api and
 * the browser exchange. Typed with Socket.IO's generic event maps, so the server
 * (`Server<ClientToServerEvents, ServerToClientEvents>`) and a client
 * (`Socket<ServerToClientEvents, ClientToServerEvents>`) check each other.
 * Frontends should import it once it moves to a shared lib.
 */

export interface PongReply {
  pong: true;
  /** Server time, ISO 8601. */
  at: string;
}

/** Events a client emits; a trailing callback is the acknowledgement. */
export interface ClientToServerEvents {
  ping: (ack: (reply: PongReply) => void) => void;
}

/** Events the server emits to clients. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (contract status, signer presence)
export interface ServerToClientEvents {}

/** Event names as constants, for `@SubscribeMessage` and tests. */
export const ClientEvent = {
  Ping: 'ping',
} as const satisfies Record<string, keyof ClientToServerEvents>;
