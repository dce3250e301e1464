import {
  Attribute,
  id_contentType,
  id_messageDigest,
  SignedData,
  type SignerInfo,
} from '@peculiar/asn1-cms';
import {
  AsnConvert,
  AsnProp,
  AsnPropTypes,
  AsnType,
  AsnTypeTypes,
  OctetString,
} from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Certificate,
  id_ce_subjectKeyIdentifier,
  SubjectKeyIdentifier,
} from '@peculiar/asn1-x509';
import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import {
  arrayBuffer,
  HASH_OF_OID,
  ID_RSA_ENCRYPTION,
  ID_SHA256,
  ID_SIGNING_CERTIFICATE,
  ID_SIGNING_CERTIFICATE_V2,
  derElements,
  derLength,
  ID_SIGNED_DATA_DER,
  integerValue,
  positiveInteger,
  SigningCertificate,
  SigningCertificateV2,
} from './cms';
import {
  ID_CT_TST_INFO,
  ID_KP_TIME_STAMPING,
  MessageImprint,
  PKI_STATUS,
  PKIStatusInfo,
  TimeStampReq,
  TSTInfo,
} from './tsp.asn1';

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

/** A DER TimeStampReq for the SHA-256 `digest`, with `nonce` and certReq set. */
export function timeStampRequest(digest: Buffer, nonce: Buffer, policy?: string): Buffer {
  if (digest.length !== 32) throw new Error('A SHA-256 digest is 32 bytes');
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

/** Checks a TimeStampResp against the request it answers; returns its token, or throws TimeStampRefusedError. */
export function checkTimeStampResponse(
  response: Buffer,
  expected: { digest: Buffer; nonce: Buffer; at?: Date },
): TimeStampTokenInfo {
  // TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken OPTIONAL }: the token
  // is taken as sent, only the status is parsed.
  let statusInfo: PKIStatusInfo;
  let token: Buffer | undefined;
  try {
    const [sequence] = derElements(response);
    if (sequence?.tag !== 0x30 || sequence.whole.length !== response.length) throw new Error();
    const [statusElement, tokenElement] = derElements(sequence.content);
    statusInfo = AsnConvert.parse(statusElement.whole, PKIStatusInfo);
    token = tokenElement?.whole;
  } catch {
    throw new TimeStampRefusedError('the answer is not a TimeStampResp');
  }
  const { status, statusString } = statusInfo;
  if (status !== PKI_STATUS.granted && status !== PKI_STATUS.grantedWithMods) {
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
  // The small parts are parsed with @peculiar/asn1-schema, the certificates by OpenSSL
  // (node:crypto): parsing certificates field by field in JavaScript costs milliseconds.
  let parts: SignedDataParts;
  try {
    parts = signedDataParts(token);
  } catch {
    return refuse('the token is not a CMS SignedData');
  }
  const { signedData, certificates } = parts;
  const encap = signedData.encapContentInfo;
  if (encap.eContentType !== ID_CT_TST_INFO) refuse('the token does not hold a TSTInfo');
  const eContent = encap.eContent?.single?.buffer ?? encap.eContent?.any;
  if (!eContent) return refuse('the token holds no TSTInfo');
  const tstInfoDer = Buffer.from(eContent);
  let tstInfo: TSTInfo;
  try {
    tstInfo = AsnConvert.parse(tstInfoDer, TSTInfo);
  } catch {
    return refuse('the TSTInfo does not parse');
  }

  // What we asked for.
  const imprint = tstInfo.messageImprint;
  if (imprint.hashAlgorithm.algorithm !== ID_SHA256) {
    refuse('the imprint is not the SHA-256 sent');
  }
  if (!Buffer.from(imprint.hashedMessage).equals(expected.digest)) {
    refuse('the imprint is not the hash sent');
  }
  if (expected.nonce) {
    if (!tstInfo.nonce) refuse('the answer has no nonce');
    if (integerValue(tstInfo.nonce as ArrayBuffer) !== integerValue(expected.nonce)) {
      refuse('the nonce is not the one sent');
    }
  }

  // Who signed it, and that the signature holds.
  if (signedData.signerInfos.length !== 1) refuse('the token has not exactly one signer');
  const signer = signedData.signerInfos[0];
  const signerCertificate = certificates.find((candidate) => identifies(signer, candidate));
  if (!signerCertificate) return refuse("the token does not carry its signer's certificate");
  const { x509, der: certificateDer } = signerCertificate;

  const signedAttrsRaw = parts.signedAttributesDer;
  if (!signer.signedAttrs || !signedAttrsRaw) return refuse('the token has no signed attributes');
  const attribute = (type: string): Attribute | undefined =>
    signer.signedAttrs?.find((candidate) => candidate.attrType === type);
  const contentType = attribute(id_contentType)?.attrValues[0];
  if (!contentType || AsnConvert.parse(contentType, ContentTypeValue).value !== ID_CT_TST_INFO) {
    refuse('the signed content type is not TSTInfo');
  }
  const digestName = HASH_OF_OID[signer.digestAlgorithm.algorithm];
  if (!digestName) return refuse(`unsupported digest ${signer.digestAlgorithm.algorithm}`);
  const messageDigest = attribute(id_messageDigest)?.attrValues[0];
  if (
    !messageDigest ||
    !Buffer.from(AsnConvert.parse(messageDigest, OctetString).buffer).equals(
      createHash(digestName).update(tstInfoDer).digest(),
    )
  ) {
    refuse('the signed digest is not the TSTInfo’s');
  }
  checkSigningCertificate(attribute, certificateDer, refuse);

  const signatureAlgorithm = signer.signatureAlgorithm.algorithm;
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
      Buffer.from(signer.signature.buffer),
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
    serialNumber: Buffer.from(tstInfo.serialNumber).toString('hex'),
    policy: tstInfo.policy,
    tsa: x509.subject.split('\n').reverse().join(', '),
  };
}

/** A certificate of the token: as sent (its hash is signed), and opened by node:crypto. */
interface TokenCertificate {
  der: Buffer;
  x509: X509Certificate;
  /** Its serial number's content and its issuer Name's DER, from the TBSCertificate. */
  serial: bigint;
  issuerDer: Buffer;
}

interface SignedDataParts {
  /** SignedData without its certificates, parsed. */
  signedData: SignedData;
  certificates: TokenCertificate[];
  /** The first SignerInfo's [0] IMPLICIT signed attributes, as sent. */
  signedAttributesDer?: Buffer;
}

/** A TimeStampToken (ContentInfo of SignedData) taken apart. */
function signedDataParts(token: Buffer): SignedDataParts {
  const [contentInfo] = derElements(token);
  const [contentType, explicit] = derElements(contentInfo.content);
  if (!contentType.whole.equals(ID_SIGNED_DATA_DER) || explicit?.tag !== 0xa0) {
    throw new Error('not a SignedData');
  }
  const [signedDataElement] = derElements(explicit.content);
  const fields = derElements(signedDataElement.content);
  // version, digestAlgorithms, encapContentInfo, [0] certificates, [1] crls, signerInfos
  const kept = fields.filter((field) => field.tag !== 0xa0 && field.tag !== 0xa1);
  const body = Buffer.concat(kept.map((field) => field.whole));
  const signedData = AsnConvert.parse(
    Buffer.concat([Buffer.from([0x30]), derLength(body.length), body]),
    SignedData,
  );
  const set = fields.find((field) => field.tag === 0xa0);
  const certificates = (set ? derElements(set.content) : []).flatMap((item) => {
    if (item.tag !== 0x30) return []; // other certificate formats
    try {
      const [tbs] = derElements(derElements(item.whole)[0].content);
      const tbsFields = derElements(tbs.content);
      const at = tbsFields[0].tag === 0xa0 ? 1 : 0; // [0] version
      return [
        {
          der: item.whole,
          x509: new X509Certificate(item.whole),
          serial: integerValue(tbsFields[at].content),
          issuerDer: tbsFields[at + 2].whole,
        },
      ];
    } catch {
      return [];
    }
  });
  const [signerInfo] = derElements(fields[fields.length - 1].content);
  const signedAttributesDer = signerInfo
    ? derElements(signerInfo.content).find((item) => item.tag === 0xa0)?.whole
    : undefined;
  return { signedData, certificates, signedAttributesDer };
}

/** Whether `certificate` is the one the SignerInfo names (issuer and serial, or key identifier). */
function identifies(signer: SignerInfo, certificate: TokenCertificate): boolean {
  const bySerial = signer.sid.issuerAndSerialNumber;
  if (bySerial) {
    return (
      integerValue(bySerial.serialNumber) === certificate.serial &&
      Buffer.from(AsnConvert.serialize(bySerial.issuer)).equals(certificate.issuerDer)
    );
  }
  const keyId = signer.sid.subjectKeyIdentifier;
  if (!keyId) return false;
  // Rare in time-stamp tokens: the key identifier is read from the parsed certificate.
  const parsed = AsnConvert.parse(certificate.der, Certificate);
  const ski = parsed.tbsCertificate.extensions?.find(
    (extension) => extension.extnID === id_ce_subjectKeyIdentifier,
  );
  return Boolean(
    ski &&
    Buffer.from(AsnConvert.parse(ski.extnValue, SubjectKeyIdentifier).buffer).equals(
      Buffer.from(keyId.buffer),
    ),
  );
}

/** The ESS signing-certificate attribute (v2, else v1) must name the signer's certificate by hash. */
function checkSigningCertificate(
  attribute: (type: string) => Attribute | undefined,
  certificateDer: Buffer,
  refuse: (reason: string) => never,
): void {
  const v2 = attribute(ID_SIGNING_CERTIFICATE_V2)?.attrValues[0];
  if (v2) {
    const first = AsnConvert.parse(v2, SigningCertificateV2).certs[0];
    const hash = HASH_OF_OID[first?.hashAlgorithm?.algorithm ?? ID_SHA256];
    if (
      !first ||
      !hash ||
      !Buffer.from(first.certHash).equals(createHash(hash).update(certificateDer).digest())
    ) {
      refuse('the signing-certificate attribute does not name the signer’s certificate');
    }
    return;
  }
  const v1 = attribute(ID_SIGNING_CERTIFICATE)?.attrValues[0];
  if (!v1) refuse('the token has no signing-certificate attribute');
  const first = AsnConvert.parse(v1 as ArrayBuffer, SigningCertificate).certs[0];
  if (
    !first ||
    !Buffer.from(first.certHash).equals(createHash('sha1').update(certificateDer).digest())
  ) {
    refuse('the signing-certificate attribute does not name the signer’s certificate');
  }
}

/** An attribute value holding an OBJECT IDENTIFIER (the content-type attribute). */
@AsnType({ type: AsnTypeTypes.Choice })
class ContentTypeValue {
  @AsnProp({ type: AsnPropTypes.ObjectIdentifier })
  value = '';
}
