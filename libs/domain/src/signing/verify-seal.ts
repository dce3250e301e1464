import type { SealLevel } from '../health/adapters';

/**
 * What a sealed PDF carries, as the public verify page shows it: the seal,
 * the time a time-stamp authority gave it, the PAdES level reached (ETSI EN 319 142-1) and the
 * certificate chains, each certificate checked at that time. Read from the PDF's bytes alone
 * (`GET /api/verify/{id}` from the stored copy, the upload check from the file sent).
 */
export interface VerifySealReport {
  /** The file holds a seal: a CAdES / PKCS#7 signature over a byte range. */
  found: boolean;
  /**
   * The seal holds: its byte range starts the file and ends a revision, the digest it signed is
   * the digest of those bytes, and its signature verifies with its certificate.
   */
  intact: boolean;
  /** The highest level whose every requirement the file meets; null when the seal does not hold. */
  level: SealLevel | null;
  /** The seal certificate's common name. */
  signer: string | null;
  /**
   * The signing time from the time-stamp authority (ISO 8601): the signature time-stamp's genTime,
   * else the first document time-stamp's. Null at B-B (only the server's own claim).
   */
  timestampedAt: string | null;
  /** The common name of the time-stamp authority that gave `timestampedAt`. */
  timestampAuthority: string | null;
  /** The signing time the seal itself claims (the server's clock), ISO 8601. */
  claimedAt: string | null;
  /** The document security store (B-LT): how many items of each kind; null when there is none. */
  dss: { certificates: number; crls: number; ocsps: number; vri: number } | null;
  /** Document time-stamps (B-LTA, and each archive extension), oldest first. */
  documentTimestamps: { at: string; authority: string; valid: boolean }[];
  /** The seal's chain, then the time-stamp authority's: leaf first. */
  chains: VerifySealChain[];
  /** A chain ends in ProSign's own local root ("ProSign Local Root CA …"). */
  localRoot: boolean;
  /** Bytes were added after the last signature or time-stamp, covered by none of them. */
  changedAfterSealing: boolean;
  /** What does not hold, in plain sentences (empty when all is well). */
  problems: string[];
}

export interface VerifySealChain {
  role: 'seal' | 'timestamp';
  /** When each certificate is checked (ISO 8601): the time-stamp's time, else the claimed time. */
  checkedAt: string | null;
  certificates: VerifySealCertificate[];
  /** The chain ends in a self-signed root certificate. */
  complete: boolean;
}

export interface VerifySealCertificate {
  /** Common name (or the whole subject when it has none). */
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  /** Inside its validity period, signed by its issuer (a root: by itself), not revoked, at `checkedAt`. */
  validAtTime: boolean;
  /** Revocation at `checkedAt` from the file's CRLs: a root needs none; 'unknown' when none covers it. */
  revocation: 'good' | 'revoked' | 'unknown' | 'root';
  selfSigned: boolean;
  /** ProSign's own local root CA. */
  localRoot: boolean;
}

/** The subject common name of ProSign's local root CA starts so. */
export const LOCAL_ROOT_NAME_PREFIX = 'ProSign Local Root CA';

/** What each PAdES level means, said plainly (the verify page's "Level: …" line). */
export const SEAL_LEVEL_DESCRIPTIONS: Readonly<Record<SealLevel, string>> = {
  'B-B': 'signed and sealed; the time is the server’s own claim',
  'B-T': 'a time-stamp authority vouches for when it was sealed',
  'B-LT':
    'the certificates and their revocation data are in the file, so it can be checked offline',
  'B-LTA': 'long-term validation data and an archive time-stamp are in the file',
};
