import {
  Attribute,
  CMSVersion,
  DigestAlgorithmIdentifier,
  DigestAlgorithmIdentifiers,
  EncapsulatedContentInfo,
  id_contentType,
  id_data,
  id_messageDigest,
  id_signingTime,
  IssuerAndSerialNumber,
  SignatureAlgorithmIdentifier,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
  SigningTime,
} from '@peculiar/asn1-cms';
import { AsnConvert, AsnObjectIdentifierConverter, OctetString } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { Signer } from '@signpdf/signpdf';
import { createHash, type KeyObject } from 'node:crypto';
import {
  arrayBuffer,
  ID_AA_SIGNATURE_TIME_STAMP_TOKEN,
  ID_RSA_ENCRYPTION,
  ID_SHA256,
  signAttributes,
  derWrap,
  signedDataContentInfo,
  signingCertificateV2Attribute,
  withCertificates,
  withUnsignedAttribute,
} from '../../../integrations/timestamp';

/** Gives the RFC 3161 time-stamp token (DER) over a signature value; throws when none can be had. */
export type SignatureTimestamper = (signatureValue: Buffer) => Promise<Buffer>;

const ID_AA_SIGNATURE_TIME_STAMP_TOKEN_DER = Buffer.from(
  AsnObjectIdentifierConverter.toASN(ID_AA_SIGNATURE_TIME_STAMP_TOKEN).toBER(false),
);

/**
 * An `@signpdf` signer that builds a CAdES detached CMS SignedData (content
 * type, signing time, message digest and signing-certificate-v2 signed
 * attributes; SHA-256 with RSA) with @peculiar/asn1-cms and signs with
 * node:crypto (OpenSSL). With a timestamper, the signature value is
 * time-stamped and the token added as the unsigned attribute
 * id-aa-signatureTimeStampToken (CAdES-T, so PAdES B-T). Everything that
 * depends only on the key is built once.
 */
export class CmsSigner extends Signer {
  /** The certificate and its chain as DER, spliced in as they are (never serialized again). */
  private readonly certificates: Buffer[];
  private readonly signingCertificateV2: Attribute;
  private readonly contentType: Attribute;
  private readonly sid: SignerIdentifier;

  constructor(
    private readonly privateKey: KeyObject,
    certificateDer: Buffer,
    /** The issuers of the certificate (up to its root), carried in the CMS for validators. */
    chainDer: Buffer[] = [],
    private readonly timestamper?: SignatureTimestamper,
  ) {
    super();
    const certificate = AsnConvert.parse(certificateDer, Certificate);
    const tbs = certificate.tbsCertificate;
    this.sid = new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({
        issuer: tbs.issuer,
        serialNumber: tbs.serialNumber,
      }),
    });
    this.certificates = [certificateDer, ...chainDer];
    this.signingCertificateV2 = signingCertificateV2Attribute(certificateDer);
    this.contentType = new Attribute({
      attrType: id_contentType,
      attrValues: [AsnObjectIdentifierConverter.toASN(id_data).toBER(false)],
    });
  }

  /** The CMS (DER) for `content`, the PDF's bytes outside the signature's own placeholder. */
  override async sign(content: Buffer, signingTime: Date = new Date()): Promise<Buffer> {
    const { attributes, signature } = signAttributes(
      [
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
        this.signingCertificateV2,
      ],
      this.privateKey,
    );
    const sha256 = new DigestAlgorithmIdentifier({ algorithm: ID_SHA256, parameters: null });
    const signedData = new SignedData({
      version: CMSVersion.v1,
      digestAlgorithms: new DigestAlgorithmIdentifiers([sha256]),
      encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
      signerInfos: new SignerInfos([
        new SignerInfo({
          version: CMSVersion.v1,
          sid: this.sid,
          digestAlgorithm: sha256,
          signedAttrs: attributes,
          signatureAlgorithm: new SignatureAlgorithmIdentifier({
            algorithm: ID_RSA_ENCRYPTION,
            parameters: null,
          }),
          signature: new OctetString(arrayBuffer(signature)),
        }),
      ]),
    });
    let der = withCertificates(Buffer.from(AsnConvert.serialize(signedData)), this.certificates);
    if (this.timestamper) {
      // The signature time-stamp covers the signature value (RFC 3161 appendix A); the
      // token goes in as the bytes the TSA signed.
      const token = await this.timestamper(signature);
      der = withUnsignedAttribute(
        der,
        derWrap(0x30, ID_AA_SIGNATURE_TIME_STAMP_TOKEN_DER, derWrap(0x31, token)),
      );
    }
    return signedDataContentInfo(der);
  }
}
