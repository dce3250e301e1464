// The seal's CMS and the time-stamp tokens of a sealed PDF, read and checked against the bytes
// they cover (the seal report's B-B and B-T).
import {
  ContentInfo,
  id_messageDigest,
  id_signedData,
  id_signingTime,
  SignedData,
  SigningTime,
} from '@peculiar/asn1-cms';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { verify } from 'node:crypto';
import {
  checkTimeStampToken,
  derElements,
  ID_AA_SIGNATURE_TIME_STAMP_TOKEN,
  ID_KP_TIME_STAMPING,
  x509Of,
} from '../../../integrations/timestamp';
import type { FoundSignature } from './seal-signatures';

export interface ParsedSeal {
  signerDer: Buffer | null;
  certificates: Buffer[];
  digestMatches: boolean;
  signatureVerifies: boolean;
  claimedAt: Date | null;
  /** The signature time-stamp token, if any, and the signature value it must cover. */
  token: Buffer | null;
  signatureValue: Buffer;
}

export interface CheckedTimestamp {
  at: Date;
  authority: string;
  /** The TSA's certificate and the token's others. */
  signerDer: Buffer | null;
  certificates: Buffer[];
}

/** The signature algorithms read here, by OID: the hash (null: the digest algorithm's). */
export const SIGNATURE_HASH: Readonly<Record<string, string | null>> = {
  '1.2.840.113549.1.1.1': null, // rsaEncryption
  '1.2.840.10045.2.1': null, // id-ecPublicKey
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};
const DIGEST_HASH: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** The seal's CMS: its signer, certificates, whether it signs these bytes, and its time-stamp. */
export function parseSeal(signature: FoundSignature): ParsedSeal {
  const contentInfo = AsnConvert.parse(signature.der, ContentInfo);
  if (contentInfo.contentType !== id_signedData) throw new Error('not a SignedData');
  const signedData = AsnConvert.parse(contentInfo.content, SignedData);
  const certificates = rawCertificates(signature.der);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) throw new Error('no signer');
  const serial = signerInfo.sid.issuerAndSerialNumber?.serialNumber;
  const signerDer =
    (serial &&
      certificates.find((der) =>
        Buffer.from(AsnConvert.parse(der, Certificate).tbsCertificate.serialNumber).equals(
          Buffer.from(serial),
        ),
      )) ??
    certificates[0] ??
    null;
  const attribute = (type: string) =>
    signerInfo.signedAttrs?.find((candidate) => candidate.attrType === type)?.attrValues[0];
  const digestName = DIGEST_HASH[signerInfo.digestAlgorithm.algorithm];
  const messageDigest = attribute(id_messageDigest);
  const digestMatches = Boolean(
    digestName &&
    messageDigest &&
    Buffer.from(AsnConvert.parse(messageDigest, OctetString).buffer).equals(
      signature.digest(digestName),
    ),
  );
  const signatureValue = Buffer.from(signerInfo.signature.buffer);
  let signatureVerifies = false;
  const hash = SIGNATURE_HASH[signerInfo.signatureAlgorithm.algorithm];
  const signedAttributes = rawSignedAttributes(signature.der);
  if (signerDer && signedAttributes && digestName && hash !== undefined) {
    const signed = Buffer.from(signedAttributes);
    signed[0] = 0x31; // the signature covers the SET, not the [0] IMPLICIT form
    try {
      signatureVerifies = verify(
        hash ?? digestName,
        signed,
        x509Of(signerDer).publicKey,
        signatureValue,
      );
    } catch {
      signatureVerifies = false;
    }
  }
  const signingTime = attribute(id_signingTime);
  let claimedAt: Date | null = null;
  try {
    claimedAt = signingTime ? AsnConvert.parse(signingTime, SigningTime).getTime() : null;
  } catch {
    claimedAt = null;
  }
  const token = signerInfo.unsignedAttrs?.find(
    (candidate) => candidate.attrType === ID_AA_SIGNATURE_TIME_STAMP_TOKEN,
  )?.attrValues[0];
  return {
    signerDer,
    certificates,
    digestMatches,
    signatureVerifies,
    claimedAt,
    token: token ? Buffer.from(token) : null,
    signatureValue,
  };
}

/** The [0] IMPLICIT signed attributes of a ContentInfo's (first) SignerInfo, as the bytes they are. */
function rawSignedAttributes(contentInfo: Buffer): Buffer | null {
  const [info] = derElements(contentInfo);
  const [, explicit] = derElements(info.content);
  const [signedData] = derElements(explicit.content);
  const fields = derElements(signedData.content);
  const [signerInfo] = derElements(fields[fields.length - 1].content);
  return (
    derElements(signerInfo?.content ?? Buffer.alloc(0)).find((f) => f.tag === 0xa0)?.whole ?? null
  );
}

/** The certificates of a ContentInfo of a SignedData, as the bytes they are. */
function rawCertificates(contentInfo: Buffer): Buffer[] {
  const [info] = derElements(contentInfo);
  const [, explicit] = derElements(info.content);
  const [signedData] = derElements(explicit.content);
  const set = derElements(signedData.content).find((field) => field.tag === 0xa0);
  return (set ? derElements(set.content) : [])
    .filter((item) => item.tag === 0x30)
    .map((item) => Buffer.from(item.whole));
}

/** A time-stamp token checked over `digest` (SHA-256): its time, its authority and its certificates. */
export function checkedTimestamp(token: Buffer, digest: Buffer): CheckedTimestamp {
  const info = checkTimeStampToken(token, { digest });
  const certificates = rawCertificates(token);
  const signerDer =
    certificates.find((der) => (x509Of(der).keyUsage ?? []).includes(ID_KP_TIME_STAMPING)) ??
    certificates[0] ??
    null;
  return {
    at: info.genTime,
    authority: signerDer ? commonName(x509Of(signerDer).subject) : info.tsa,
    signerDer,
    certificates,
  };
}

/** What a token that does not verify says of itself (its time and authority), for the page to name it. */
export function timestampClaim(token: Buffer): { at: Date; authority: string } | null {
  try {
    const contentInfo = AsnConvert.parse(token, ContentInfo);
    const signedData = AsnConvert.parse(contentInfo.content, SignedData);
    const eContent = signedData.encapContentInfo.eContent;
    const octets = eContent?.single ?? eContent?.any;
    if (!octets) return null;
    // TSTInfo: version, policy, messageImprint, serialNumber, genTime (GeneralizedTime).
    const [tstInfo] = derElements(
      Buffer.from(octets instanceof OctetString ? octets.buffer : octets),
    );
    const genTime = derElements(tstInfo.content)[4];
    const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(genTime.content.toString());
    if (!match) return null;
    const [, y, mo, d, h, mi, s] = match.map(Number);
    const certificates = rawCertificates(token);
    const tsa = certificates.find((der) =>
      (x509Of(der).keyUsage ?? []).includes(ID_KP_TIME_STAMPING),
    );
    return {
      at: new Date(Date.UTC(y, mo - 1, d, h, mi, s)),
      authority: tsa ? commonName(x509Of(tsa).subject) : 'unknown authority',
    };
  } catch {
    return null;
  }
}

/** A subject's common name, as node:crypto spells a name ("CN=…\nO=…"); the whole name without one. */
export function commonName(name: string): string {
  const lines = name.split('\n');
  const cn = lines.find((line) => line.startsWith('CN='));
  // node:crypto escapes the special characters of a DN (`\,`): shown as they are.
  return (cn ? cn.slice(3) : lines.join(', ')).replace(/\\(.)/g, '$1');
}
