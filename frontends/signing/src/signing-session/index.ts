// The signer's session and presence, shared by the customer, SOW and CO signing pages.
export { linkPageState } from './link-page-state';
export {
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
