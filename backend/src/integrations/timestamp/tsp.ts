import { id_contentType, id_messageDigest } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Certificate,
  id_ce_subjectKeyIdentifier,
  SubjectKeyIdentifier,
} from '@peculiar/asn1-x509';
import { createHash, randomBytes, verify } from 'node:crypto';
import {
  arrayBuffer,
  HASH_OF_OID,
  ID_RSA_ENCRYPTION,
  ID_SHA256,
  ID_SIGNING_CERTIFICATE,
  ID_SIGNING_CERTIFICATE_V2,
  derElements,
  derWrap,
  integerValue,
  positiveInteger,
} from './cms';
import {
  ID_CT_TST_INFO,
  ID_KP_TIME_STAMPING,
  MessageImprint,
  PKI_STATUS,
  PKIStatusInfo,
  TimeStampReq,
} from './tsp.asn1';
import {
  algorithmOf,
  derContent,
  oidOf,
  signedDataParts,
  tstInfoFields,
  type SignedDataParts,
  type SignerInfoFields,
  type TokenCertificate,
  type TstInfoFields,
} from './tsp-token-parts';
/**
 * The client side of RFC 3161: the request (SHA-256 imprint, a random nonce,
 * the TSA's certificate asked for) and every check an answer must pass before
 * its token is used — status granted, the nonce and imprint sent, a valid CMS
 * signature over the TSTInfo by a certificate with the timeStamping key usage,
 * named by its ESS signing-certificate attribute and valid at the time given.
 */

/** What a checked time-stamp token says. */
export interface TimeStampTokenInfo {
  /** The TimeStampToken (a CMS ContentInfo), DER, as the TSA signed it. */
  token: Buffer;
  genTime: Date;
  /** The token's serial number, hex. */
  serialNumber: string;
  policy: string;
  /** The TSA certificate's subject, e.g. `CN=ProSign Local TSA …`. */
  tsa: string;
}

/** An answer a TSA gave that is refused: not granted, not ours, or not a valid token. */
export class TimeStampRefusedError extends Error {}

const SIGNATURE_HASH_OF_OID: Readonly<Record<string, string | null>> = {
  // With these the digest algorithm of the SignerInfo says which hash.
  [ID_RSA_ENCRYPTION]: null,
  '1.2.840.10045.2.1': null, // id-ecPublicKey, as some TSAs write it
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

/** A fresh nonce: 128 random bits as a positive INTEGER's content. */
export function newNonce(): Buffer {
  return positiveInteger(randomBytes(16));
}

/** DER of the SHA-256 AlgorithmIdentifier with NULL parameters, as requests carry it. */
const SHA256_ALGORITHM_DER = Buffer.from('300d06096086480165030402010500', 'hex');

/** A DER TimeStampReq for the SHA-256 `digest`, with `nonce` and certReq set. */
export function timeStampRequest(digest: Buffer, nonce: Buffer, policy?: string): Buffer {
  if (digest.length !== 32) throw new Error('A SHA-256 digest is 32 bytes');
  if (policy) {
    return Buffer.from(
      AsnConvert.serialize(
        new TimeStampReq({
          messageImprint: new MessageImprint({
            hashAlgorithm: new AlgorithmIdentifier({ algorithm: ID_SHA256, parameters: null }),
            hashedMessage: arrayBuffer(digest),
          }),
          reqPolicy: policy,
          nonce: arrayBuffer(nonce),
          certReq: true,
        }),
      ),
    );
  }
  // Built by hand (every seal asks twice): version 1, the imprint, the nonce, certReq TRUE.
  return derWrap(
    0x30,
    Buffer.from([0x02, 0x01, 0x01]),
    derWrap(0x30, SHA256_ALGORITHM_DER, derWrap(0x04, digest)),
    derWrap(0x02, nonce),
    Buffer.from([0x01, 0x01, 0xff]),
  );
}

/** Checks a TimeStampResp against the request it answers; returns its token, or throws TimeStampRefusedError. */
export function checkTimeStampResponse(
  response: Buffer,
  expected: { digest: Buffer; nonce: Buffer; at?: Date },
): TimeStampTokenInfo {
  // TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken OPTIONAL }: the token
  // is taken as sent, only the status is parsed.
  let status: number;
  let statusWhole: Buffer;
  let token: Buffer | undefined;
  try {
    const [sequence] = derElements(response);
    if (sequence?.tag !== 0x30 || sequence.whole.length !== response.length) throw new Error();
    const [statusElement, tokenElement] = derElements(sequence.content);
    const [statusValue] = derElements(statusElement.content);
    if (statusElement.tag !== 0x30 || statusValue?.tag !== 0x02) throw new Error();
    status = Number(integerValue(statusValue.content));
    statusWhole = statusElement.whole;
    token = tokenElement?.whole;
  } catch {
    throw new TimeStampRefusedError('the answer is not a TimeStampResp');
  }
  if (status !== PKI_STATUS.granted && status !== PKI_STATUS.grantedWithMods) {
    // A refusal: its text, if it parses, says why.
    let statusString: string[] | undefined;
    try {
      statusString = AsnConvert.parse(statusWhole, PKIStatusInfo).statusString;
    } catch {
      statusString = undefined;
    }
    const text = statusString?.length ? ` (${statusString.join('; ')})` : '';
    throw new TimeStampRefusedError(
      `the TSA did not grant the time-stamp: status ${status}${text}`,
    );
  }
  if (!token) throw new TimeStampRefusedError('the answer carries no token');
  return checkTimeStampToken(token, expected);
}

/**
 * Checks a TimeStampToken: a SignedData over a TSTInfo whose imprint is the
 * SHA-256 `digest` and whose nonce is `nonce` (when given), signed by a
 * certificate it carries, with the timeStamping extended key usage, valid at
 * its genTime; the signed attributes bind the content type, the TSTInfo's
 * digest and that certificate (ESS signing-certificate v2 or v1).
 */
export function checkTimeStampToken(
  token: Buffer,
  expected: { digest: Buffer; nonce?: Buffer },
): TimeStampTokenInfo {
  const refuse = (reason: string): never => {
    throw new TimeStampRefusedError(reason);
  };
  // Taken apart with the DER walker (the certificates opened by OpenSSL, node:crypto): a
  // schema parser costs most of a seal's check, and every seal checks two tokens.
  let parts: SignedDataParts;
  try {
    parts = signedDataParts(token);
  } catch {
    return refuse('the token is not a CMS SignedData');
  }
  const { certificates } = parts;
  if (parts.eContentType !== ID_CT_TST_INFO) refuse('the token does not hold a TSTInfo');
  const tstInfoDer = parts.eContent;
  if (!tstInfoDer) return refuse('the token holds no TSTInfo');
  let tstInfo: TstInfoFields;
  try {
    tstInfo = tstInfoFields(tstInfoDer);
  } catch {
    return refuse('the TSTInfo does not parse');
  }

  // What we asked for.
  if (tstInfo.imprintAlgorithm !== ID_SHA256) {
    refuse('the imprint is not the SHA-256 sent');
  }
  if (!tstInfo.imprint.equals(expected.digest)) {
    refuse('the imprint is not the hash sent');
  }
  if (expected.nonce) {
    if (!tstInfo.nonce) refuse('the answer has no nonce');
    if (integerValue(tstInfo.nonce!) !== integerValue(expected.nonce)) {
      refuse('the nonce is not the one sent');
    }
  }

  // Who signed it, and that the signature holds.
  if (parts.signerInfos.length !== 1) refuse('the token has not exactly one signer');
  const signer = parts.signerInfos[0];
  const signerCertificate = certificates.find((candidate) => identifies(signer, candidate));
  if (!signerCertificate) return refuse("the token does not carry its signer's certificate");
  const { x509, der: certificateDer } = signerCertificate;

  const signedAttrsRaw = signer.signedAttributesDer;
  if (!signedAttrsRaw) return refuse('the token has no signed attributes');
  const attribute = (type: string): Buffer | undefined =>
    signer.signedAttributes.find((candidate) => candidate.type === type)?.values[0];
  const contentType = attribute(id_contentType);
  if (
    !contentType ||
    contentType[0] !== 0x06 ||
    oidOf(derContent(contentType)) !== ID_CT_TST_INFO
  ) {
    refuse('the signed content type is not TSTInfo');
  }
  const digestName = HASH_OF_OID[signer.digestAlgorithm];
  if (!digestName) return refuse(`unsupported digest ${signer.digestAlgorithm}`);
  const messageDigest = attribute(id_messageDigest);
  if (
    !messageDigest ||
    messageDigest[0] !== 0x04 ||
    !derContent(messageDigest).equals(createHash(digestName).update(tstInfoDer).digest())
  ) {
    refuse('the signed digest is not the TSTInfo’s');
  }
  checkSigningCertificate(attribute, certificateDer, refuse);

  const signatureAlgorithm = signer.signatureAlgorithm;
  if (!(signatureAlgorithm in SIGNATURE_HASH_OF_OID)) {
    refuse(`unsupported signature algorithm ${signatureAlgorithm}`);
  }
  const signedBytes = Buffer.from(signedAttrsRaw);
  signedBytes[0] = 0x31; // the signature covers the SET, not the [0] IMPLICIT form
  let valid = false;
  try {
    valid = verify(
      SIGNATURE_HASH_OF_OID[signatureAlgorithm] ?? digestName,
      signedBytes,
      x509.publicKey,
      signer.signature,
    );
  } catch {
    valid = false;
  }
  if (!valid) refuse('the token’s signature does not verify');

  // The certificate is a TSA's, and was valid when it stamped.
  if (!(x509.keyUsage ?? []).includes(ID_KP_TIME_STAMPING)) {
    refuse('the signer’s certificate lacks the timeStamping extended key usage');
  }
  const genTime = tstInfo.genTime;
  if (
    genTime.getTime() < new Date(x509.validFrom).getTime() ||
    genTime.getTime() > new Date(x509.validTo).getTime()
  ) {
    refuse('the signer’s certificate was not valid at the time given');
  }

  return {
    token,
    genTime,
    serialNumber: tstInfo.serialNumber.toString('hex'),
    policy: tstInfo.policy,
    tsa: x509.subject.split('\n').reverse().join(', '),
  };
}

/** Whether `certificate` is the one the SignerInfo names (issuer and serial, or key identifier). */
function identifies(signer: SignerInfoFields, certificate: TokenCertificate): boolean {
  if ('issuerDer' in signer.sid) {
    return (
      signer.sid.serial === certificate.serial && signer.sid.issuerDer.equals(certificate.issuerDer)
    );
  }
  const keyId = signer.sid.keyId;
  // Rare in time-stamp tokens: the key identifier is read from the parsed certificate.
  const parsed = AsnConvert.parse(certificate.der, Certificate);
  const ski = parsed.tbsCertificate.extensions?.find(
    (extension) => extension.extnID === id_ce_subjectKeyIdentifier,
  );
  return Boolean(
    ski && Buffer.from(AsnConvert.parse(ski.extnValue, SubjectKeyIdentifier).buffer).equals(keyId),
  );
}

/** The ESS signing-certificate attribute (v2, else v1) must name the signer's certificate by hash. */
function checkSigningCertificate(
  attribute: (type: string) => Buffer | undefined,
  certificateDer: Buffer,
  refuse: (reason: string) => never,
): void {
  const v2 = attribute(ID_SIGNING_CERTIFICATE_V2);
  const v1 = v2 ? undefined : attribute(ID_SIGNING_CERTIFICATE);
  if (!v2 && !v1) refuse('the token has no signing-certificate attribute');
  // SigningCertificate(V2) ::= SEQUENCE { certs SEQUENCE OF ESSCertID(v2), policies OPTIONAL };
  // ESSCertIDv2 ::= SEQUENCE { hashAlgorithm DEFAULT sha256, certHash, issuerSerial OPTIONAL },
  // ESSCertID ::= SEQUENCE { certHash (SHA-1), issuerSerial OPTIONAL }: the first names the signer.
  let named = false;
  try {
    const [certs] = derElements(derContent((v2 ?? v1)!));
    const [first] = derElements(certs.content);
    const fields = derElements(first.content);
    const algorithm = v2 && fields[0].tag === 0x30 ? algorithmOf(fields.shift()) : null;
    const hash = v2 ? HASH_OF_OID[algorithm ?? ID_SHA256] : 'sha1';
    named =
      certs.tag === 0x30 &&
      fields[0]?.tag === 0x04 &&
      Boolean(hash) &&
      fields[0].content.equals(createHash(hash!).update(certificateDer).digest());
  } catch {
    named = false;
  }
  if (!named) refuse('the signing-certificate attribute does not name the signer’s certificate');
}
