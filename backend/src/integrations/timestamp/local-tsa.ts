import {
  Attribute,
  id_contentType,
  id_messageDigest,
  IssuerAndSerialNumber,
} from '@peculiar/asn1-cms';
import { AsnConvert, AsnObjectIdentifierConverter, BitString } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { createHash, randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  derElements,
  derWrap,
  HASH_OF_OID,
  ID_RSA_ENCRYPTION,
  ID_SHA1,
  ID_SHA256,
  positiveInteger,
  signedDataContentInfo,
  signingCertificateV2Attribute,
  type DerElement,
} from './cms';
import {
  Accuracy,
  ID_CT_TST_INFO,
  PKI_FAILURE,
  PKI_STATUS,
  PKIStatusInfo,
  TimeStampReq,
  TimeStampResp,
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
  /** Everything that depends only on the TSA's certificate, as DER, built once. */
  private readonly der: {
    sid: Buffer;
    tsaName: Buffer;
    contentType: Buffer;
    signingCertificate: Buffer;
    certificates: Buffer;
  };

  constructor(
    private readonly key: KeyObject,
    certificateDer: Buffer,
    chainDer: Buffer[] = [],
  ) {
    const tbs = AsnConvert.parse(certificateDer, Certificate).tbsCertificate;
    const serialize = (value: object) => Buffer.from(AsnConvert.serialize(value));
    this.der = {
      sid: serialize(
        new IssuerAndSerialNumber({ issuer: tbs.issuer, serialNumber: tbs.serialNumber }),
      ),
      // tsa [0] GeneralName: directoryName [4] Name (explicit: Name is a CHOICE).
      tsaName: derWrap(0xa0, derWrap(0xa4, serialize(tbs.subject))),
      contentType: serialize(
        new Attribute({
          attrType: id_contentType,
          attrValues: [AsnObjectIdentifierConverter.toASN(ID_CT_TST_INFO).toBER(false)],
        }),
      ),
      signingCertificate: serialize(signingCertificateV2Attribute(certificateDer)),
      // The TSA's first, then its chain.
      certificates: derWrap(0xa0, certificateDer, ...chainDer),
    };
  }

  /** The answer to a DER TimeStampReq (never throws: a bad request gets a rejection). */
  respond(request: Buffer, now = new Date()): Buffer {
    let parsed: TimeStampReq;
    let fields: DerElement[];
    try {
      parsed = AsnConvert.parse(request, TimeStampReq);
      fields = derElements(derElements(request)[0].content);
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
    // The imprint and the nonce go back exactly as they came (fields 1, and the INTEGER after).
    const imprint = fields[1].whole;
    const nonce = fields.slice(2).find((field) => field.tag === 0x02)?.whole;
    // TimeStampResp ::= SEQUENCE { status, timeStampToken }
    return derWrap(0x30, GRANTED, this.token(imprint, nonce, parsed.certReq, now));
  }

  /**
   * The TimeStampToken, written as DER directly (no schema objects): the TSTInfo, its
   * signed attributes and the SignedData around them are a few fixed pieces.
   */
  private token(imprint: Buffer, nonce: Buffer | undefined, certReq: boolean, now: Date): Buffer {
    // To the second (DER GeneralizedTime without a fraction), with an accuracy of one second.
    const genTime = `${now.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
    const tstInfo = derWrap(
      0x30,
      VERSION_1,
      POLICY,
      imprint,
      derWrap(0x02, positiveInteger(randomBytes(16))),
      derWrap(0x18, Buffer.from(genTime, 'latin1')),
      ACCURACY_ONE_SECOND,
      nonce ?? Buffer.alloc(0),
      this.der.tsaName,
    );
    const messageDigest = derWrap(
      0x30,
      ID_MESSAGE_DIGEST,
      derWrap(0x31, derWrap(0x04, createHash('sha256').update(tstInfo).digest())),
    );
    // A SET OF in DER is sorted by encoding; the signature covers it as a SET.
    const attributes = [this.der.contentType, messageDigest, this.der.signingCertificate].sort(
      Buffer.compare,
    );
    const signature = sign('sha256', derWrap(0x31, ...attributes), this.key);
    const signerInfo = derWrap(
      0x30,
      VERSION_1,
      this.der.sid,
      SHA256_ALGORITHM,
      derWrap(0xa0, ...attributes),
      RSA_ALGORITHM,
      derWrap(0x04, signature),
    );
    const signedData = derWrap(
      0x30,
      VERSION_3, // the content is not id-data (RFC 5652 §5.1)
      derWrap(0x31, SHA256_ALGORITHM),
      derWrap(0x30, TST_INFO_TYPE, derWrap(0xa0, derWrap(0x04, tstInfo))),
      // certReq: the TSA's certificate (and its root) go with the token (RFC 3161 §2.4.1).
      certReq ? this.der.certificates : Buffer.alloc(0),
      derWrap(0x31, signerInfo),
    );
    return signedDataContentInfo(signedData);
  }
}

const oidDer = (oid: string) => Buffer.from(AsnObjectIdentifierConverter.toASN(oid).toBER(false));
const algorithmDer = (oid: string) => derWrap(0x30, oidDer(oid), Buffer.from([0x05, 0x00]));
const VERSION_1 = Buffer.from([0x02, 0x01, 0x01]);
const VERSION_3 = Buffer.from([0x02, 0x01, 0x03]);
const POLICY = oidDer(LOCAL_TSA_POLICY);
const TST_INFO_TYPE = oidDer(ID_CT_TST_INFO);
const ID_MESSAGE_DIGEST = oidDer(id_messageDigest);
const SHA256_ALGORITHM = algorithmDer(ID_SHA256);
const RSA_ALGORITHM = algorithmDer(ID_RSA_ENCRYPTION);
/** Accuracy ::= SEQUENCE { seconds 1 } */
const ACCURACY_ONE_SECOND = Buffer.from(AsnConvert.serialize(new Accuracy({ seconds: 1 })));

/** PKIStatusInfo { status granted } */
const GRANTED = Buffer.from(
  AsnConvert.serialize(new PKIStatusInfo({ status: PKI_STATUS.granted })),
);

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
