import { id_contentType, id_messageDigest } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Certificate,
  id_ce_subjectKeyIdentifier,
  SubjectKeyIdentifier,
} from '@peculiar/asn1-x509';
import { createHash, randomBytes, verify, type X509Certificate } from 'node:crypto';
import {
  arrayBuffer,
  HASH_OF_OID,
  ID_RSA_ENCRYPTION,
  ID_SHA256,
  ID_SIGNING_CERTIFICATE,
  ID_SIGNING_CERTIFICATE_V2,
  derElements,
  derWrap,
  ID_SIGNED_DATA_DER,
  integerValue,
  positiveInteger,
  x509Of,
  type DerElement,
} from './cms';
import {
  ID_CT_TST_INFO,
  ID_KP_TIME_STAMPING,
  MessageImprint,
  PKI_STATUS,
  PKIStatusInfo,
  TimeStampReq,
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

/** A certificate of the token: as sent (its hash is signed), and opened by node:crypto. */
interface TokenCertificate {
  der: Buffer;
  x509: X509Certificate;
  /** Its serial number's content and its issuer Name's DER, from the TBSCertificate. */
  serial: bigint;
  issuerDer: Buffer;
}

/** A SignerInfo's fields the check reads. */
interface SignerInfoFields {
  /** issuerAndSerialNumber (the issuer Name's DER and the serial), or a subjectKeyIdentifier. */
  sid: { issuerDer: Buffer; serial: bigint } | { keyId: Buffer };
  digestAlgorithm: string;
  /** Each signed attribute: its type and its values' DER. */
  signedAttributes: { type: string; values: Buffer[] }[];
  /** The [0] IMPLICIT signed attributes, as sent. */
  signedAttributesDer?: Buffer;
  signatureAlgorithm: string;
  signature: Buffer;
}

interface SignedDataParts {
  eContentType: string;
  /** The encapsulated content (the TSTInfo's DER), if any. */
  eContent: Buffer | null;
  signerInfos: SignerInfoFields[];
  certificates: TokenCertificate[];
}

/** A TimeStampToken (ContentInfo of SignedData) taken apart. */
function signedDataParts(token: Buffer): SignedDataParts {
  const [contentInfo] = derElements(token);
  const [contentType, explicit] = derElements(contentInfo.content);
  if (!contentType.whole.equals(ID_SIGNED_DATA_DER) || explicit?.tag !== 0xa0) {
    throw new Error('not a SignedData');
  }
  const [signedDataElement] = derElements(explicit.content);
  if (signedDataElement.tag !== 0x30) throw new Error('not a SignedData');
  // version, digestAlgorithms, encapContentInfo, [0] certificates, [1] crls, signerInfos
  const fields = derElements(signedDataElement.content);
  const [version, digestAlgorithms, encap] = fields;
  const signerInfosSet = fields[fields.length - 1];
  if (
    version?.tag !== 0x02 ||
    digestAlgorithms?.tag !== 0x31 ||
    encap?.tag !== 0x30 ||
    signerInfosSet?.tag !== 0x31
  ) {
    throw new Error('not a SignedData');
  }
  const [eContentType, eContentExplicit] = derElements(encap.content);
  if (eContentType?.tag !== 0x06) throw new Error('no content type');
  let eContent: Buffer | null = null;
  if (eContentExplicit) {
    const [octets] = derElements(eContentExplicit.content);
    if (eContentExplicit.tag !== 0xa0 || octets?.tag !== 0x04) throw new Error('bad content');
    eContent = octets.content;
  }
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
          x509: x509Of(item.whole),
          serial: integerValue(tbsFields[at].content),
          issuerDer: tbsFields[at + 2].whole,
        },
      ];
    } catch {
      return [];
    }
  });
  return {
    eContentType: oidOf(eContentType.content),
    eContent,
    signerInfos: derElements(signerInfosSet.content).map(signerInfoFields),
    certificates,
  };
}

/** SignerInfo ::= SEQUENCE { version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature, [1] unsignedAttrs }. */
function signerInfoFields(element: DerElement): SignerInfoFields {
  if (element.tag !== 0x30) throw new Error('not a SignerInfo');
  const fields = derElements(element.content);
  let at = 1; // after version
  const sidElement = fields[at++];
  let sid: SignerInfoFields['sid'];
  if (sidElement.tag === 0x30) {
    const [issuer, serial] = derElements(sidElement.content);
    if (issuer?.tag !== 0x30 || serial?.tag !== 0x02) throw new Error('bad sid');
    sid = { issuerDer: issuer.whole, serial: integerValue(serial.content) };
  } else if (sidElement.tag === 0x80) {
    sid = { keyId: sidElement.content };
  } else {
    throw new Error('bad sid');
  }
  const digestAlgorithm = algorithmOf(fields[at++]);
  let signedAttributesDer: Buffer | undefined;
  let signedAttributes: SignerInfoFields['signedAttributes'] = [];
  if (fields[at]?.tag === 0xa0) {
    signedAttributesDer = fields[at].whole;
    signedAttributes = derElements(fields[at].content).map((attribute) => {
      const [type, values] = derElements(attribute.content);
      if (type?.tag !== 0x06 || values?.tag !== 0x31) throw new Error('bad attribute');
      return { type: oidOf(type.content), values: derElements(values.content).map((v) => v.whole) };
    });
    at += 1;
  }
  const signatureAlgorithm = algorithmOf(fields[at++]);
  const signature = fields[at];
  if (signature?.tag !== 0x04) throw new Error('no signature');
  return {
    sid,
    digestAlgorithm,
    signedAttributes,
    signedAttributesDer,
    signatureAlgorithm,
    signature: signature.content,
  };
}

/** An AlgorithmIdentifier's OID. */
function algorithmOf(element: DerElement | undefined): string {
  const [oid] = element?.tag === 0x30 ? derElements(element.content) : [];
  if (oid?.tag !== 0x06) throw new Error('bad algorithm');
  return oidOf(oid.content);
}

/** What the check reads of a TSTInfo. */
interface TstInfoFields {
  policy: string;
  imprintAlgorithm: string;
  imprint: Buffer;
  /** The serial number's INTEGER content. */
  serialNumber: Buffer;
  genTime: Date;
  /** The nonce's INTEGER content, if any. */
  nonce?: Buffer;
}

/**
 * TSTInfo ::= SEQUENCE { version, policy, messageImprint, serialNumber, genTime,
 * accuracy OPTIONAL, ordering DEFAULT FALSE, nonce OPTIONAL, [0] tsa OPTIONAL, [1] extensions OPTIONAL }.
 */
function tstInfoFields(der: Buffer): TstInfoFields {
  const [sequence] = derElements(der);
  if (sequence?.tag !== 0x30 || sequence.whole.length !== der.length) throw new Error('no TSTInfo');
  const [version, policy, messageImprint, serialNumber, genTime, ...rest] = derElements(
    sequence.content,
  );
  if (
    version?.tag !== 0x02 ||
    policy?.tag !== 0x06 ||
    messageImprint?.tag !== 0x30 ||
    serialNumber?.tag !== 0x02 ||
    genTime?.tag !== 0x18
  ) {
    throw new Error('bad TSTInfo');
  }
  const [algorithm, hashed] = derElements(messageImprint.content);
  if (hashed?.tag !== 0x04) throw new Error('bad imprint');
  return {
    policy: oidOf(policy.content),
    imprintAlgorithm: algorithmOf(algorithm),
    imprint: hashed.content,
    serialNumber: serialNumber.content,
    genTime: generalizedTime(genTime.content.toString('latin1')),
    nonce: rest.find((field) => field.tag === 0x02)?.content,
  };
}

/** GeneralizedTime as DER writes it: `YYYYMMDDHHMMSS[.f…]Z`. */
function generalizedTime(text: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d+))?Z$/.exec(text);
  if (!match) throw new Error('bad GeneralizedTime');
  const [, year, month, day, hour, minute, second, fraction = ''] = match;
  const ms = Math.round(Number(`0.${fraction || '0'}`) * 1000);
  return new Date(Date.UTC(+year, +month - 1, +day, +hour, +minute, +second, ms));
}

/** An OBJECT IDENTIFIER's dotted form from its content (arcs of any size: the 2.25 UUID arc is 128 bits). */
function oidOf(content: Buffer): string {
  const arcs: bigint[] = [];
  let value = 0n;
  for (const byte of content) {
    value = (value << 7n) | BigInt(byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0n;
    }
  }
  const first = arcs.shift();
  if (first === undefined) throw new Error('empty OID');
  const head = first < 80n ? [first / 40n, first % 40n] : [2n, first - 80n];
  return [...head, ...arcs].join('.');
}

/** The content of one DER element given whole. */
function derContent(whole: Buffer): Buffer {
  return derElements(whole)[0].content;
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
