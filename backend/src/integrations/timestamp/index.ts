/**
 * The timestamp port and the local trust chain; the adapters are internal
 * (timestamp.module.ts picks one). Others import only this file or
 * timestamp.module.ts (tools/eslint/module-boundaries.cjs).
 */
export * from './timestamp.port';
export { LOCAL_CRL_VALIDITY_MS, LocalPki } from './local-pki';
export {
  crlDistributionPointUrls,
  crlIssuedBy,
  REVOCATION_PORT,
  RevocationUnavailableError,
  type RevocationPort,
} from './revocation';
export { checkTimeStampToken } from './tsp';
export { ID_AA_SIGNATURE_TIME_STAMP_TOKEN, ID_KP_TIME_STAMPING } from './tsp.asn1';
export { LOCAL_TSA_POLICY } from './local-tsa';
export {
  arrayBuffer,
  derElements,
  derWrap,
  ID_RSA_ENCRYPTION,
  ID_SHA256,
  signAttributes,
  signedDataContentInfo,
  signingCertificateV2Attribute,
  withCertificates,
  withUnsignedAttribute,
  isIssuedBy,
  x509Of,
} from './cms';
