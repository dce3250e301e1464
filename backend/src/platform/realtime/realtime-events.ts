// The Socket.IO contract lives in libs/domain so the browser and the api share it.
export {
  ClientEvent,
  ServerEvent,
  STAFF_ROOM,
  staffRoomOf,
  type ClientToServerEvents,
  type AgreementChangedEvent,
  type InvoiceChangedEvent,
  type PongReply,
  type ServerToClientEvents,
  type SignerPresenceEvent,
  type SignerPresenceReport,
} from '@prosign/domain';
