// A TimeStampToken taken apart, field by field, for the check in ./tsp: its SignedData, its
// SignerInfo and its TSTInfo, read from the DER as it is.
import { type X509Certificate } from 'node:crypto';
import { derElements, ID_SIGNED_DATA_DER, integerValue, x509Of, type DerElement } from './cms';

/** A certificate of the token: as sent (its hash is signed), and opened by node:crypto. */
export interface TokenCertificate {
  der: Buffer;
  x509: X509Certificate;
  /** Its serial number's content and its issuer Name's DER, from the TBSCertificate. */
  serial: bigint;
  issuerDer: Buffer;
}

/** A SignerInfo's fields the check reads. */
export interface SignerInfoFields {
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

export interface SignedDataParts {
  eContentType: string;
  /** The encapsulated content (the TSTInfo's DER), if any. */
  eContent: Buffer | null;
  signerInfos: SignerInfoFields[];
  certificates: TokenCertificate[];
}

/** A TimeStampToken (ContentInfo of SignedData) taken apart. */
export function signedDataParts(token: Buffer): SignedDataParts {
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
export function algorithmOf(element: DerElement | undefined): string {
  const [oid] = element?.tag === 0x30 ? derElements(element.content) : [];
  if (oid?.tag !== 0x06) throw new Error('bad algorithm');
  return oidOf(oid.content);
}

/** What the check reads of a TSTInfo. */
export interface TstInfoFields {
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
export function tstInfoFields(der: Buffer): TstInfoFields {
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
export function oidOf(content: Buffer): string {
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
export function derContent(whole: Buffer): Buffer {
  return derElements(whole)[0].content;
}
