import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  CMSVersion,
  ContentInfo,
  DigestAlgorithmIdentifier,
  DigestAlgorithmIdentifiers,
  EncapsulatedContent,
  EncapsulatedContentInfo,
  id_contentType,
  id_messageDigest,
  id_signedData,
  IssuerAndSerialNumber,
  SignatureAlgorithmIdentifier,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
} from '@peculiar/asn1-cms';
import {
  AsnConvert,
  AsnObjectIdentifierConverter,
  BitString,
  OctetString,
} from '@peculiar/asn1-schema';
import { Certificate, GeneralName } from '@peculiar/asn1-x509';
import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import {
  arrayBuffer,
  HASH_OF_OID,
  ID_RSA_ENCRYPTION,
  ID_SHA1,
  ID_SHA256,
  positiveInteger,
  signAttributes,
  signingCertificateV2Attribute,
} from './cms';
import {
  Accuracy,
  ID_CT_TST_INFO,
  PKI_FAILURE,
  PKI_STATUS,
  PKIStatusInfo,
  TimeStampReq,
  TimeStampResp,
  TSTInfo,
} from './tsp.asn1';

/**
 * The policy under which the local TSA issues time-stamps: an OID from the
 * UUID arc (2.25, ITU-T X.667), which needs no registration.
 */
export const LOCAL_TSA_POLICY = '2.25.262176780331169384161561960208222538893';

const DIGEST_LENGTH: Readonly<Record<string, number>> = { sha256: 32, sha384: 48, sha512: 64 };

/**
 * An RFC 3161 time-stamp authority: answers a DER TimeStampReq with a DER
 * TimeStampResp — granted, with a TSTInfo (policy, unique serial, genTime to
 * the second with an accuracy of one second, the request's imprint and nonce,
 * the TSA's name) signed as CMS SignedData (SHA-256 with RSA) whose signed
 * attributes carry the content type, the digest and the TSA certificate's
 * ESSCertIDv2 (RFC 5816); or a rejection saying why.
 */
export class LocalTimeStampAuthority {
  private readonly certificate: Certificate;
  private readonly sid: SignerIdentifier;
  private readonly signingCertificate: Attribute;
  private readonly contentType: Attribute;

  constructor(
    private readonly key: KeyObject,
    private readonly certificateDer: Buffer,
    private readonly chainDer: Buffer[] = [],
  ) {
    this.certificate = AsnConvert.parse(certificateDer, Certificate);
    const tbs = this.certificate.tbsCertificate;
    this.sid = new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({
        issuer: tbs.issuer,
        serialNumber: tbs.serialNumber,
      }),
    });
    this.signingCertificate = signingCertificateV2Attribute(certificateDer);
    this.contentType = new Attribute({
      attrType: id_contentType,
      attrValues: [AsnObjectIdentifierConverter.toASN(ID_CT_TST_INFO).toBER(false)],
    });
  }

  /** The answer to a DER TimeStampReq (never throws: a bad request gets a rejection). */
  respond(request: Buffer, now = new Date()): Buffer {
    let parsed: TimeStampReq;
    try {
      parsed = AsnConvert.parse(request, TimeStampReq);
    } catch {
      return rejection(PKI_FAILURE.badDataFormat, 'the request is not a DER TimeStampReq');
    }
    if (parsed.version !== 1) return rejection(PKI_FAILURE.badRequest, 'version must be 1');
    const hash = HASH_OF_OID[parsed.messageImprint.hashAlgorithm.algorithm];
    if (!hash || hash === HASH_OF_OID[ID_SHA1]) {
      return rejection(PKI_FAILURE.badAlg, 'the imprint must be SHA-256, SHA-384 or SHA-512');
    }
    if (parsed.messageImprint.hashedMessage.byteLength !== DIGEST_LENGTH[hash]) {
      return rejection(PKI_FAILURE.badDataFormat, `the imprint is not a ${hash} digest`);
    }
    if (parsed.reqPolicy && parsed.reqPolicy !== LOCAL_TSA_POLICY) {
      return rejection(PKI_FAILURE.unacceptedPolicy, `the policy is ${LOCAL_TSA_POLICY}`);
    }
    if (parsed.extensions?.length) {
      return rejection(PKI_FAILURE.unacceptedExtension, 'no request extension is supported');
    }
    const token = this.token(parsed, now);
    return Buffer.from(
      AsnConvert.serialize(
        new TimeStampResp({
          status: new PKIStatusInfo({ status: PKI_STATUS.granted }),
          timeStampToken: token,
        }),
      ),
    );
  }

  private token(request: TimeStampReq, now: Date): ContentInfo {
    const tstInfo = Buffer.from(
      AsnConvert.serialize(
        new TSTInfo({
          policy: LOCAL_TSA_POLICY,
          messageImprint: request.messageImprint,
          serialNumber: arrayBuffer(positiveInteger(randomBytes(16))),
          // To the second (DER GeneralizedTime without a fraction), within a second.
          genTime: new Date(Math.floor(now.getTime() / 1000) * 1000),
          accuracy: new Accuracy({ seconds: 1 }),
          nonce: request.nonce,
          tsa: new GeneralName({ directoryName: this.certificate.tbsCertificate.subject }),
        }),
      ),
    );
    const { attributes, signature } = signAttributes(
      [
        this.contentType,
        new Attribute({
          attrType: id_messageDigest,
          attrValues: [
            AsnConvert.serialize(
              new OctetString(arrayBuffer(createHash('sha256').update(tstInfo).digest())),
            ),
          ],
        }),
        this.signingCertificate,
      ],
      this.key,
    );
    const sha256 = new DigestAlgorithmIdentifier({ algorithm: ID_SHA256, parameters: null });
    const certificates = request.certReq
      ? new CertificateSet(
          [this.certificateDer, ...this.chainDer].map(
            (der) => new CertificateChoices({ certificate: AsnConvert.parse(der, Certificate) }),
          ),
        )
      : undefined;
    const signedData = new SignedData({
      // v3: the content is not id-data (RFC 5652 §5.1).
      version: CMSVersion.v3,
      digestAlgorithms: new DigestAlgorithmIdentifiers([sha256]),
      encapContentInfo: new EncapsulatedContentInfo({
        eContentType: ID_CT_TST_INFO,
        eContent: new EncapsulatedContent({ single: new OctetString(arrayBuffer(tstInfo)) }),
      }),
      certificates,
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
    return new ContentInfo({
      contentType: id_signedData,
      content: AsnConvert.serialize(signedData),
    });
  }
}

/** A rejection (status 2) with the reason in words and its PKIFailureInfo bit. */
function rejection(failure: number, reason: string): Buffer {
  // A named BIT STRING in DER: bits up to the one set, the rest of its last byte unused.
  const bytes = Buffer.alloc(Math.floor(failure / 8) + 1);
  bytes[bytes.length - 1] = 0x80 >> (failure % 8);
  const unused = 7 - (failure % 8);
  return Buffer.from(
    AsnConvert.serialize(
      new TimeStampResp({
        status: new PKIStatusInfo({
          status: PKI_STATUS.rejection,
          statusString: [reason],
          failInfo: new BitString(bytes, unused),
        }),
      }),
    ),
  );
}
