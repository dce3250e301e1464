// The signer's session and presence, shared by the customer, SOW and CO signing pages.
export {
  linkPageState,
  pageStateOf,
  signerSessionQueryKey,
  useSignerSession,
  type SignerSession,
} from './useSignerSession';
export {
  PRESENCE_ACTIVE_THROTTLE_MS,
  useSignerPresence,
  type SignerPresenceOptions,
} from './useSignerPresence';
export {
  connectSignerSocket,
  type PresenceSocket,
  type PresenceSocketFactory,
} from './signer-socket';
