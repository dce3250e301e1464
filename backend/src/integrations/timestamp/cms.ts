import { Attribute } from '@peculiar/asn1-cms';
import {
  AsnConvert,
  AsnIntegerArrayBufferConverter,
  AsnProp,
  AsnPropTypes,
  AsnType,
  AsnTypeTypes,
} from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, Certificate, GeneralName, GeneralNames } from '@peculiar/asn1-x509';
import { createHash, sign, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * CMS pieces both signers here share: the seal (modules/documents/pdf) and the
 * local time-stamp authority. @peculiar/asn1-cms declares CMS; what it lacks
 * (the ESS signing-certificate attributes, RFC 5035) is declared here.
 */

export const ID_SHA1 = '1.3.14.3.2.26';
export const ID_SHA256 = '2.16.840.1.101.3.4.2.1';
const ID_SHA384 = '2.16.840.1.101.3.4.2.2';
const ID_SHA512 = '2.16.840.1.101.3.4.2.3';
export const ID_RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
/** id-aa-signingCertificate (RFC 2634, ESSCertID with SHA-1). */
export const ID_SIGNING_CERTIFICATE = '1.2.840.113549.1.9.16.2.12';
/** id-aa-signingCertificateV2 (RFC 5035), required by CAdES / PAdES baseline signatures and RFC 5816 tokens. */
export const ID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

/** The digest algorithms a signature here may use, by OID, as node:crypto names them. */
export const HASH_OF_OID: Readonly<Record<string, string>> = {
  [ID_SHA1]: 'sha1',
  [ID_SHA256]: 'sha256',
  [ID_SHA384]: 'sha384',
  [ID_SHA512]: 'sha512',
};

/** IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber CertificateSerialNumber } */
class IssuerSerial {
  @AsnProp({ type: GeneralNames })
  issuer = new GeneralNames();

  @AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerArrayBufferConverter })
  serialNumber = new ArrayBuffer(0);
}

/**
 * ESSCertIDv2 ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier DEFAULT sha256,
 *   certHash OCTET STRING, issuerSerial IssuerSerial OPTIONAL }
 * Written with SHA-256, so `hashAlgorithm` is omitted (DER).
 */
class EssCertIdV2 {
  @AsnProp({ type: AlgorithmIdentifier, optional: true })
  hashAlgorithm?: AlgorithmIdentifier;

  @AsnProp({ type: AsnPropTypes.OctetString })
  certHash = new ArrayBuffer(0);

  @AsnProp({ type: IssuerSerial, optional: true })
  issuerSerial?: IssuerSerial;
}

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2, policies … OPTIONAL } */
@AsnType({ type: AsnTypeTypes.Sequence })
class SigningCertificateV2 {
  @AsnProp({ type: EssCertIdV2, repeated: 'sequence' })
  certs: EssCertIdV2[] = [];

  @AsnProp({ type: AsnPropTypes.Any, optional: true })
  policies?: ArrayBuffer;
}

export const arrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** The signing-certificate-v2 attribute naming `certificateDer` (SHA-256, issuer and serial). */
export function signingCertificateV2Attribute(certificateDer: Buffer): Attribute {
  const tbs = AsnConvert.parse(certificateDer, Certificate).tbsCertificate;
  const value = AsnConvert.serialize(
    Object.assign(new SigningCertificateV2(), {
      certs: [
        Object.assign(new EssCertIdV2(), {
          certHash: arrayBuffer(createHash('sha256').update(certificateDer).digest()),
          issuerSerial: Object.assign(new IssuerSerial(), {
            issuer: new GeneralNames([new GeneralName({ directoryName: tbs.issuer })]),
            serialNumber: tbs.serialNumber,
          }),
        }),
      ],
    }),
  );
  return new Attribute({ attrType: ID_SIGNING_CERTIFICATE_V2, attrValues: [value] });
}

/**
 * Signs CMS signed attributes (SHA-256 with RSA, or ECDSA, by the key): returns
 * them in DER order (a SET OF is sorted by encoding) and the signature, which
 * covers their DER as a SET (tag 0x31), not the [0] IMPLICIT form they travel in.
 */
export function signAttributes(
  attributes: Attribute[],
  key: KeyObject,
): { attributes: Attribute[]; signature: Buffer } {
  const sorted = attributes
    .map((attribute) => ({ attribute, der: Buffer.from(AsnConvert.serialize(attribute)) }))
    .sort((a, b) => Buffer.compare(a.der, b.der));
  const body = Buffer.concat(sorted.map((a) => a.der));
  const set = Buffer.concat([Buffer.from([0x31]), derLength(body.length), body]);
  return { attributes: sorted.map((a) => a.attribute), signature: sign('sha256', set, key) };
}

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** A positive INTEGER's content of `length` random-looking bytes: first byte 0x01–0x7f (DER, positive). */
export function positiveInteger(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  copy[0] = (copy[0] & 0x7f) | 0x01;
  return copy;
}

/** An INTEGER's content as an unsigned big integer (leading zero bytes ignored). */
export function integerValue(value: ArrayBuffer | Uint8Array): bigint {
  const hex = Buffer.from(value instanceof Uint8Array ? value : new Uint8Array(value)).toString(
    'hex',
  );
  return hex ? BigInt(`0x${hex}`) : 0n;
}

/** One DER element: its tag byte, its content and the whole encoding. */
export interface DerElement {
  tag: number;
  content: Buffer;
  whole: Buffer;
}

/** The DER elements one after another in `bytes` (definite lengths, one-byte tags). */
export function derElements(bytes: Buffer): DerElement[] {
  const elements: DerElement[] = [];
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at];
    let length = bytes[at + 1];
    let header = 2;
    if (length & 0x80) {
      const size = length & 0x7f;
      if (size === 0 || size > 4) throw new Error('unsupported DER length');
      length = bytes.readUIntBE(at + 2, size);
      header += size;
    }
    const end = at + header + length;
    if (end > bytes.length) throw new Error('truncated DER');
    elements.push({
      tag,
      content: bytes.subarray(at + header, end),
      whole: bytes.subarray(at, end),
    });
    at = end;
  }
  return elements;
}

/**
 * A SignedData's DER with `certificatesDer` as its `certificates` [0] IMPLICIT SET,
 * inserted before its signerInfos: certificates travel as the bytes they are, never
 * parsed and serialized again. They keep the order given, the signer's first: some
 * readers take the first certificate as the signer's (so not sorted as DER sorts a SET OF).
 */
export function withCertificates(signedDataDer: Buffer, certificatesDer: Buffer[]): Buffer {
  const [signedData] = derElements(signedDataDer);
  const fields = derElements(signedData.content);
  return derWrap(
    0x30,
    ...fields.slice(0, -1).map((field) => field.whole),
    derWrap(0xa0, ...certificatesDer),
    fields[fields.length - 1].whole,
  );
}

/** DER of an element: `tag`, length, then the parts. */
export function derWrap(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}

/** DER of the id-signedData OBJECT IDENTIFIER (1.2.840.113549.1.7.2). */
export const ID_SIGNED_DATA_DER = Buffer.from('06092a864886f70d010702', 'hex');

/** A ContentInfo of a SignedData (its DER given), built without parsing it again. */
export function signedDataContentInfo(signedDataDer: Buffer): Buffer {
  return derWrap(0x30, ID_SIGNED_DATA_DER, derWrap(0xa0, signedDataDer));
}

/**
 * A SignedData's DER with `attributeDer` added as the unsigned attribute of its
 * (one) SignerInfo: a time-stamp token goes in as the bytes the TSA signed.
 */
export function withUnsignedAttribute(signedDataDer: Buffer, attributeDer: Buffer): Buffer {
  const [signedData] = derElements(signedDataDer);
  const fields = derElements(signedData.content);
  const signerInfos = derElements(fields[fields.length - 1].content);
  if (signerInfos.length !== 1) throw new Error('one SignerInfo expected');
  const signerInfo = derElements(signerInfos[0].content).filter((field) => field.tag !== 0xa1);
  return derWrap(
    0x30,
    ...fields.slice(0, -1).map((field) => field.whole),
    derWrap(
      0x31,
      derWrap(0x30, ...signerInfo.map((field) => field.whole), derWrap(0xa1, attributeDer)),
    ),
  );
}

/** Certificates opened lately, by their DER: the seal's, the TSA's and the root come back on every seal. */
const openedCertificates = new Map<string, X509Certificate>();
const OPENED_CERTIFICATES_KEPT = 64;

/**
 * `new X509Certificate(der)`, kept for the next call with the same bytes (OpenSSL's parse is
 * a tenth of a seal's time, for the same three certificates each time). An X509Certificate is
 * immutable, so sharing one is safe.
 */
export function x509Of(der: Buffer): X509Certificate {
  const key = createHash('sha256').update(der).digest('base64');
  let certificate = openedCertificates.get(key);
  if (certificate) {
    // Most recently used last: the oldest goes first when full.
    openedCertificates.delete(key);
  } else {
    certificate = new X509Certificate(der);
    if (openedCertificates.size >= OPENED_CERTIFICATES_KEPT) {
      openedCertificates.delete(openedCertificates.keys().next().value!);
    }
  }
  openedCertificates.set(key, certificate);
  return certificate;
}

const issuedBy = new WeakMap<X509Certificate, WeakMap<X509Certificate, boolean>>();

/** Whether `issuer` issued `certificate` (names and signature), remembered per pair of opened certificates. */
export function isIssuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  let byIssuer = issuedBy.get(certificate);
  if (!byIssuer) issuedBy.set(certificate, (byIssuer = new WeakMap()));
  let answer = byIssuer.get(issuer);
  if (answer === undefined) {
    answer = certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
    byIssuer.set(issuer, answer);
  }
  return answer;
}
