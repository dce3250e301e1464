import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  CMSVersion,
  ContentInfo,
  DigestAlgorithmIdentifier,
  DigestAlgorithmIdentifiers,
  EncapsulatedContentInfo,
  id_contentType,
  id_data,
  id_messageDigest,
  id_signedData,
  id_signingTime,
  IssuerAndSerialNumber,
  SignatureAlgorithmIdentifier,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
  SigningTime,
} from '@peculiar/asn1-cms';
import {
  AsnConvert,
  AsnIntegerArrayBufferConverter,
  AsnObjectIdentifierConverter,
  AsnProp,
  AsnPropTypes,
  AsnType,
  AsnTypeTypes,
  OctetString,
} from '@peculiar/asn1-schema';
import { Certificate, GeneralName, GeneralNames } from '@peculiar/asn1-x509';
import { Signer } from '@signpdf/signpdf';
import { createHash, sign as rsaSign, type KeyObject } from 'node:crypto';

/** id-aa-signingCertificateV2 (RFC 5035), required by CAdES / PAdES baseline signatures. */
export const ID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const ID_SHA256 = '2.16.840.1.101.3.4.2.1';
const ID_RSA_ENCRYPTION = '1.2.840.113549.1.1.1';

/** IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber CertificateSerialNumber } */
class IssuerSerial {
  @AsnProp({ type: GeneralNames })
  issuer = new GeneralNames();

  @AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerArrayBufferConverter })
  serialNumber = new ArrayBuffer(0);
}

/** ESSCertIDv2 with the default hash algorithm (SHA-256), so `hashAlgorithm` is omitted (DER). */
class EssCertIdV2 {
  @AsnProp({ type: AsnPropTypes.OctetString })
  certHash = new ArrayBuffer(0);

  @AsnProp({ type: IssuerSerial })
  issuerSerial = new IssuerSerial();
}

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } (policies omitted) */
@AsnType({ type: AsnTypeTypes.Sequence })
class SigningCertificateV2 {
  @AsnProp({ type: EssCertIdV2, repeated: 'sequence' })
  certs: EssCertIdV2[] = [];
}

const arrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** DER orders the members of a SET OF by their encodings. */
function compareDer(a: Buffer, b: Buffer): number {
  return Buffer.compare(a, b);
}

/**
 * An `@signpdf` signer that builds a CAdES-style detached CMS SignedData
 * (content type, signing time, message digest and signing-certificate-v2
 * signed attributes; SHA-256 with RSA) with @peculiar/asn1-cms and signs with
 * node:crypto (OpenSSL). Everything that depends only on the key is built once.
 */
export class CmsSigner extends Signer {
  private readonly certificate: Certificate;
  private readonly signingCertificateV2: ArrayBuffer;
  private readonly contentType: Attribute;
  private readonly sid: SignerIdentifier;

  constructor(
    private readonly privateKey: KeyObject,
    certificateDer: Buffer,
  ) {
    super();
    this.certificate = AsnConvert.parse(certificateDer, Certificate);
    const tbs = this.certificate.tbsCertificate;
    this.sid = new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({
        issuer: tbs.issuer,
        serialNumber: tbs.serialNumber,
      }),
    });
    this.signingCertificateV2 = AsnConvert.serialize(
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
    this.contentType = new Attribute({
      attrType: id_contentType,
      attrValues: [AsnObjectIdentifierConverter.toASN(id_data).toBER(false)],
    });
  }

  /** The CMS (DER) for `content`, the PDF's bytes outside the signature's own placeholder. */
  override sign(content: Buffer, signingTime: Date = new Date()): Promise<Buffer> {
    return Promise.resolve(this.signedData(content, signingTime));
  }

  private signedData(content: Buffer, signingTime: Date): Buffer {
    const attributes = [
      this.contentType,
      new Attribute({
        attrType: id_signingTime,
        attrValues: [AsnConvert.serialize(new SigningTime(signingTime))],
      }),
      new Attribute({
        attrType: id_messageDigest,
        attrValues: [
          AsnConvert.serialize(
            new OctetString(arrayBuffer(createHash('sha256').update(content).digest())),
          ),
        ],
      }),
      new Attribute({
        attrType: ID_SIGNING_CERTIFICATE_V2,
        attrValues: [this.signingCertificateV2],
      }),
    ]
      .map((attribute) => ({ attribute, der: Buffer.from(AsnConvert.serialize(attribute)) }))
      .sort((a, b) => compareDer(a.der, b.der));

    // The signature covers the attributes' DER as a SET (tag 0x31), not the [0] IMPLICIT form.
    const body = Buffer.concat(attributes.map((a) => a.der));
    const set = Buffer.concat([Buffer.from([0x31]), derLength(body.length), body]);
    const signature = rsaSign('sha256', set, this.privateKey);

    const sha256 = new DigestAlgorithmIdentifier({ algorithm: ID_SHA256, parameters: null });
    const signedData = new SignedData({
      version: CMSVersion.v1,
      digestAlgorithms: new DigestAlgorithmIdentifiers([sha256]),
      encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
      certificates: new CertificateSet([new CertificateChoices({ certificate: this.certificate })]),
      signerInfos: new SignerInfos([
        new SignerInfo({
          version: CMSVersion.v1,
          sid: this.sid,
          digestAlgorithm: sha256,
          signedAttrs: attributes.map((a) => a.attribute),
          signatureAlgorithm: new SignatureAlgorithmIdentifier({
            algorithm: ID_RSA_ENCRYPTION,
            parameters: null,
          }),
          signature: new OctetString(arrayBuffer(signature)),
        }),
      ]),
    });
    return Buffer.from(
      AsnConvert.serialize(
        new ContentInfo({ contentType: id_signedData, content: AsnConvert.serialize(signedData) }),
      ),
    );
  }
}

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
