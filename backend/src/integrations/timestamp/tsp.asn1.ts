import { ContentInfo } from '@peculiar/asn1-cms';
import {
  AsnIntegerArrayBufferConverter,
  AsnObjectIdentifierConverter,
  AsnProp,
  AsnPropTypes,
  BitString,
  type IAsnConverter,
} from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, Extensions, GeneralName } from '@peculiar/asn1-x509';

/**
 * The RFC 3161 (Time-Stamp Protocol) structures, declared with @peculiar/asn1-schema
 * as @peculiar/asn1-cms declares CMS. RFC 5816 adds ESSCertIDv2 to the token's
 * signer; the token itself is a CMS SignedData (@peculiar/asn1-cms).
 */

/** id-ct-TSTInfo: the eContentType of a time-stamp token. */
export const ID_CT_TST_INFO = '1.2.840.113549.1.9.16.1.4';
/** id-kp-timeStamping: the one extended key usage of a TSA certificate (RFC 3161 §2.3). */
export const ID_KP_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
/** id-aa-signatureTimeStampToken (RFC 3161 appendix A): the unsigned attribute of CAdES-T / PAdES B-T. */
export const ID_AA_SIGNATURE_TIME_STAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';

/** PKIStatus (RFC 3161 §2.4.2). */
export const PKI_STATUS = {
  granted: 0,
  grantedWithMods: 1,
  rejection: 2,
  waiting: 3,
  revocationWarning: 4,
  revocationNotification: 5,
} as const;

/** PKIFailureInfo bit numbers (RFC 3161 §2.4.2). */
export const PKI_FAILURE = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  timeNotAvailable: 14,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
  addInfoNotAvailable: 17,
  systemFailure: 25,
} as const;

/**
 * OBJECT IDENTIFIER with arcs of any size: policy OIDs under the UUID arc
 * (2.25.<128-bit integer>) are beyond the converter's JavaScript numbers.
 */
const LargeOidConverter: IAsnConverter<string> = {
  fromASN(value: { valueBeforeDecodeView: Uint8Array }): string {
    const bytes = value.valueBeforeDecodeView;
    let at = 2;
    if (bytes[1] & 0x80) at += bytes[1] & 0x7f;
    const arcs: bigint[] = [];
    let arc = 0n;
    for (; at < bytes.length; at += 1) {
      arc = (arc << 7n) | BigInt(bytes[at] & 0x7f);
      if (!(bytes[at] & 0x80)) {
        arcs.push(arc);
        arc = 0n;
      }
    }
    const [first = 0n, ...rest] = arcs;
    const head = first < 40n ? [0n, first] : first < 80n ? [1n, first - 40n] : [2n, first - 80n];
    return [...head, ...rest].join('.');
  },
  toASN: (value: string) => AsnObjectIdentifierConverter.toASN(value),
};

/** MessageImprint ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier, hashedMessage OCTET STRING } */
export class MessageImprint {
  @AsnProp({ type: AlgorithmIdentifier })
  hashAlgorithm = new AlgorithmIdentifier();

  @AsnProp({ type: AsnPropTypes.OctetString })
  hashedMessage = new ArrayBuffer(0);

  constructor(params: Partial<MessageImprint> = {}) {
    Object.assign(this, params);
  }
}

/**
 * TimeStampReq ::= SEQUENCE { version INTEGER { v1(1) }, messageImprint MessageImprint,
 *   reqPolicy TSAPolicyId OPTIONAL, nonce INTEGER OPTIONAL, certReq BOOLEAN DEFAULT FALSE,
 *   extensions [0] IMPLICIT Extensions OPTIONAL }
 */
export class TimeStampReq {
  @AsnProp({ type: AsnPropTypes.Integer })
  version = 1;

  @AsnProp({ type: MessageImprint })
  messageImprint = new MessageImprint();

  @AsnProp({ type: AsnPropTypes.ObjectIdentifier, converter: LargeOidConverter, optional: true })
  reqPolicy?: string;

  @AsnProp({
    type: AsnPropTypes.Integer,
    converter: AsnIntegerArrayBufferConverter,
    optional: true,
  })
  nonce?: ArrayBuffer;

  @AsnProp({ type: AsnPropTypes.Boolean, defaultValue: false })
  certReq = false;

  @AsnProp({ type: Extensions, context: 0, implicit: true, optional: true })
  extensions?: Extensions;

  constructor(params: Partial<TimeStampReq> = {}) {
    Object.assign(this, params);
  }
}

/**
 * PKIStatusInfo ::= SEQUENCE { status PKIStatus, statusString PKIFreeText OPTIONAL,
 *   failInfo PKIFailureInfo OPTIONAL }; PKIFreeText ::= SEQUENCE OF UTF8String
 */
export class PKIStatusInfo {
  @AsnProp({ type: AsnPropTypes.Integer })
  status: number = PKI_STATUS.granted;

  @AsnProp({ type: AsnPropTypes.Utf8String, repeated: 'sequence', optional: true })
  statusString?: string[];

  @AsnProp({ type: BitString, optional: true })
  failInfo?: BitString;

  constructor(params: Partial<PKIStatusInfo> = {}) {
    Object.assign(this, params);
  }
}

/** TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken TimeStampToken OPTIONAL } */
export class TimeStampResp {
  @AsnProp({ type: PKIStatusInfo })
  status = new PKIStatusInfo();

  @AsnProp({ type: ContentInfo, optional: true })
  timeStampToken?: ContentInfo;

  constructor(params: Partial<TimeStampResp> = {}) {
    Object.assign(this, params);
  }
}

/** Accuracy ::= SEQUENCE { seconds INTEGER OPTIONAL, millis [0] INTEGER OPTIONAL, micros [1] INTEGER OPTIONAL } */
export class Accuracy {
  @AsnProp({ type: AsnPropTypes.Integer, optional: true })
  seconds?: number;

  @AsnProp({ type: AsnPropTypes.Integer, context: 0, implicit: true, optional: true })
  millis?: number;

  @AsnProp({ type: AsnPropTypes.Integer, context: 1, implicit: true, optional: true })
  micros?: number;

  constructor(params: Partial<Accuracy> = {}) {
    Object.assign(this, params);
  }
}

/**
 * TSTInfo ::= SEQUENCE { version INTEGER { v1(1) }, policy TSAPolicyId, messageImprint,
 *   serialNumber INTEGER, genTime GeneralizedTime, accuracy Accuracy OPTIONAL,
 *   ordering BOOLEAN DEFAULT FALSE, nonce INTEGER OPTIONAL, tsa [0] GeneralName OPTIONAL,
 *   extensions [1] IMPLICIT Extensions OPTIONAL }
 */
export class TSTInfo {
  @AsnProp({ type: AsnPropTypes.Integer })
  version = 1;

  @AsnProp({ type: AsnPropTypes.ObjectIdentifier, converter: LargeOidConverter })
  policy = '';

  @AsnProp({ type: MessageImprint })
  messageImprint = new MessageImprint();

  @AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerArrayBufferConverter })
  serialNumber = new ArrayBuffer(0);

  @AsnProp({ type: AsnPropTypes.GeneralizedTime })
  genTime = new Date();

  @AsnProp({ type: Accuracy, optional: true })
  accuracy?: Accuracy;

  @AsnProp({ type: AsnPropTypes.Boolean, defaultValue: false })
  ordering = false;

  @AsnProp({
    type: AsnPropTypes.Integer,
    converter: AsnIntegerArrayBufferConverter,
    optional: true,
  })
  nonce?: ArrayBuffer;

  // GeneralName is a CHOICE: tagged explicitly.
  @AsnProp({ type: GeneralName, context: 0, optional: true })
  tsa?: GeneralName;

  @AsnProp({ type: Extensions, context: 1, implicit: true, optional: true })
  extensions?: Extensions;

  constructor(params: Partial<TSTInfo> = {}) {
    Object.assign(this, params);
  }
}
