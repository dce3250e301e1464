import {
  ContentInfo,
  id_messageDigest,
  id_signedData,
  id_signingTime,
  SignedData,
  SigningTime,
} from '@peculiar/asn1-cms';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { Certificate, CertificateList } from '@peculiar/asn1-x509';
import {
  LOCAL_ROOT_NAME_PREFIX,
  type SealLevel,
  type VerifySealCertificate,
  type VerifySealChain,
  type VerifySealReport,
} from '@prosign/domain';
import { createHash, verify, type X509Certificate } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import {
  checkTimeStampToken,
  derElements,
  ID_AA_SIGNATURE_TIME_STAMP_TOKEN,
  ID_KP_TIME_STAMPING,
  isIssuedBy,
  x509Of,
} from '../../../integrations/timestamp';

/**
 * What a sealed PDF carries, read from its bytes alone (issue 37 item 5, the verify page): its
 * signatures (a text scan for /ByteRange, as readers find them), the seal's CMS
 * (@peculiar/asn1-cms) checked against the bytes it covers, its signature time-stamp and every
 * document time-stamp (checked as the sealer checks an authority's answer), the document
 * security store (a minimal reader of its objects: pdf-lib would parse the whole file), its CRLs (@peculiar/asn1-x509, signatures checked
 * by node:crypto), and the chains of the seal and of the time-stamp authority, each certificate
 * checked at the authority's time. The level is the highest of ETSI EN 319 142-1's whose every
 * requirement holds (README "Time-stamps"). Never throws: a file that is not what it should be
 * says so in `problems`.
 */

/** One signature dictionary of the file, in file order. */
interface FoundSignature {
  kind: 'seal' | 'document-timestamp' | 'other';
  byteRange: [number, number, number, number];
  /** The DER in /Contents, the zero padding cut. */
  der: Buffer;
  /** The digest of the bytes the range covers (hashed where they lie, never copied). */
  digest(hash: string): Buffer;
  /** The range starts the file and ends a revision (after its %%EOF). */
  coversRevision: boolean;
}

interface ParsedSeal {
  signerDer: Buffer | null;
  certificates: Buffer[];
  digestMatches: boolean;
  signatureVerifies: boolean;
  claimedAt: Date | null;
  /** The signature time-stamp token, if any, and the signature value it must cover. */
  token: Buffer | null;
  signatureValue: Buffer;
}

interface CheckedTimestamp {
  at: Date;
  authority: string;
  /** The TSA's certificate and the token's others. */
  signerDer: Buffer | null;
  certificates: Buffer[];
}

/** A CRL of the DSS, parsed, with its signed part as the bytes it is. */
interface StoredCrl {
  list: CertificateList;
  tbsDer: Buffer;
}

interface StoredValidationData {
  certificates: Buffer[];
  crls: Buffer[];
  ocsps: number;
  vri: number;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
/**
 * Bounds for a file anyone may upload (20 MB): at most this many signatures are read (ours: a
 * seal and a document time-stamp a decade or so), a /Contents of at most this many bytes (ours:
 * 48 kB of hex), and a dictionary looked for within this many characters of its key.
 */
const MAX_SIGNATURES = 32;
const MAX_CONTENTS = 1 << 20;
const WINDOW = 4096;
/** Certificates, CRLs or OCSP answers read from a DSS, of each at most, and their bytes in all. */
const MAX_DSS_ITEMS = 256;
const MAX_DSS_BYTES = 16 << 20;

/** The signature algorithms read here, by OID: the hash (null: the digest algorithm's). */
const SIGNATURE_HASH: Readonly<Record<string, string | null>> = {
  '1.2.840.113549.1.1.1': null, // rsaEncryption
  '1.2.840.10045.2.1': null, // id-ecPublicKey
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};
const DIGEST_HASH: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

export async function sealReportOf(pdf: Buffer): Promise<VerifySealReport> {
  const problems: string[] = [];
  const signatures = signaturesOf(pdf);
  const sealSignature = signatures.find((signature) => signature.kind === 'seal');
  const report: VerifySealReport = {
    found: Boolean(sealSignature),
    intact: false,
    level: null,
    signer: null,
    timestampedAt: null,
    timestampAuthority: null,
    claimedAt: null,
    dss: null,
    documentTimestamps: [],
    chains: [],
    localRoot: false,
    changedAfterSealing: false,
    problems,
  };
  if (!sealSignature) {
    problems.push('No seal was found in this file.');
    return report;
  }

  // The seal itself: B-B.
  let seal: ParsedSeal | null = null;
  try {
    seal = parseSeal(sealSignature);
  } catch {
    problems.push('The seal’s signature data cannot be read.');
  }
  const signer = seal?.signerDer ? x509Of(seal.signerDer) : null;
  report.signer = signer ? commonName(signer.subject) : null;
  report.claimedAt = seal?.claimedAt?.toISOString() ?? null;
  if (seal && !seal.digestMatches) {
    problems.push('The file was changed after it was sealed: the sealed bytes do not match.');
  }
  if (seal && seal.digestMatches && !seal.signatureVerifies) {
    problems.push('The seal’s signature does not verify with its certificate.');
  }
  if (!sealSignature.coversRevision) {
    problems.push('The seal does not cover the file from its start to the end of its revision.');
  }
  report.intact = Boolean(
    seal && signer && seal.digestMatches && seal.signatureVerifies && sealSignature.coversRevision,
  );

  // Its signature time-stamp: B-T.
  let signatureTimestamp: CheckedTimestamp | null = null;
  if (seal?.token) {
    try {
      signatureTimestamp = checkedTimestamp(
        seal.token,
        createHash('sha256').update(seal.signatureValue).digest(),
      );
    } catch (error) {
      problems.push(`The signature time-stamp does not verify: ${(error as Error).message}.`);
    }
  }

  // Document time-stamps: B-LTA, and each archive extension.
  const sealEnd = sealSignature.byteRange[2] + sealSignature.byteRange[3];
  const documentTimestamps = checkedDocumentTimestamps(signatures, report, problems);
  const coveringTimestamp = documentTimestamps.find((stamp) => stamp.end >= sealEnd) ?? null;
  const timestamp = signatureTimestamp ?? coveringTimestamp;
  report.timestampedAt = timestamp?.at.toISOString() ?? null;
  report.timestampAuthority = timestamp?.authority ?? null;

  // The document security store: B-LT.
  let stored: StoredValidationData | null = null;
  try {
    stored = storedValidationData(pdf);
  } catch {
    problems.push('The document security store cannot be read.');
  }
  if (stored) {
    report.dss = {
      certificates: stored.certificates.length,
      crls: stored.crls.length,
      ocsps: stored.ocsps,
      vri: stored.vri,
    };
  }

  // The chains, each certificate at the authority's time (else the time the seal claims).
  const pool = [
    ...(seal?.certificates ?? []),
    ...(timestamp?.certificates ?? []),
    ...(stored?.certificates ?? []),
  ];
  const crls = (stored?.crls ?? []).flatMap((der) => {
    try {
      const [crl] = derElements(der);
      return [
        { list: AsnConvert.parse(der, CertificateList), tbsDer: derElements(crl.content)[0].whole },
      ];
    } catch {
      return [];
    }
  });
  const checkedAt = timestamp?.at ?? seal?.claimedAt ?? null;
  if (seal?.signerDer) {
    report.chains.push(chainReport('seal', seal.signerDer, pool, crls, checkedAt));
  }
  if (timestamp?.signerDer) {
    report.chains.push(chainReport('timestamp', timestamp.signerDer, pool, crls, timestamp.at));
  }
  problems.push(...chainProblems(report.chains));
  report.localRoot = report.chains.some((chain) =>
    chain.certificates.some((certificate) => certificate.localRoot),
  );

  // Anything after the last signature or time-stamp is covered by none: validation data alone
  // (B-LT's document security store) is expected there, anything else is named.
  const coveredEnd = Math.max(...signatures.map((s) => s.byteRange[2] + s.byteRange[3]));
  if (!onlyValidationData(pdf, coveredEnd)) {
    report.changedAfterSealing = true;
    problems.push(
      'Something was added to the file after its last signature or time-stamp; nothing vouches for it.',
    );
  }

  report.level = levelOf({
    intact: report.intact,
    timestamped: timestamp !== null,
    longTerm:
      stored !== null &&
      report.chains.length > 0 &&
      report.chains.every(
        (chain) =>
          chain.complete &&
          chain.certificates.every(
            (certificate) =>
              certificate.validAtTime &&
              (certificate.revocation === 'good' ||
                certificate.revocation === 'root' ||
                (certificate.revocation === 'unknown' && stored!.ocsps > 0)),
          ),
      ),
    // The archive time-stamp covers the document security store.
    archived: documentTimestamps.some((stamp) => {
      const dssAt = pdf.lastIndexOf('/DSS', stamp.end, 'latin1');
      return dssAt >= sealEnd;
    }),
  });
  return report;
}

/**
 * Whether what follows `end` adds nothing but validation data: the DSS's streams (certificates,
 * CRLs, OCSP answers: a dictionary of /Length and /Filter only), the DSS and /VRI dictionaries,
 * and the catalog as it was but for the DSS it now names.
 */
function onlyValidationData(pdf: Buffer, end: number): boolean {
  const tail = pdf.subarray(end).toString('latin1');
  if (tail.trim() === '') return true;
  const bodies = objectBodies(tail);
  if (!bodies || bodies.length === 0) return false;
  const catalogBefore = lastCatalog(pdf.subarray(0, end).toString('latin1'));
  return bodies.every((body) => {
    const streamAt = body.search(/\bstream\r?\n/);
    const dictionary = (streamAt >= 0 ? body.slice(0, streamAt) : body).slice(0, WINDOW + 1);
    if (dictionary.length > WINDOW) return false;
    const names = [...dictionary.matchAll(/\/([^\s/<>[\]()]+)/g)].map((match) => match[1]);
    if (streamAt >= 0) return names.every((name) => /^(Length|Filter|FlateDecode|DL)$/.test(name));
    // The catalog as it was, but for the DSS it now names.
    if (/\/Type\s*\/Catalog/.test(dictionary)) {
      return /\/DSS\b/.test(dictionary) && withoutDss(dictionary) === withoutDss(catalogBefore);
    }
    // The DSS, a /VRI dictionary, or one of its entries: no other name in it.
    return names.every((name) =>
      /^(Type|DSS|VRI|Certs|CRLs|OCSPs|Cert|CRL|OCSP|TU|TS|[0-9A-F]{40})$/.test(name),
    );
  });
}

/**
 * The bodies of the objects in an incremental update, in one pass; null when something other
 * than objects, the cross-reference section and the trailer is there (or an object is not closed).
 */
function objectBodies(update: string): string[] | null {
  const ends = [...update.matchAll(/\bendobj\b/g)].map((match) => match.index);
  const bodies: string[] = [];
  let outside = '';
  let last = 0;
  let next = 0;
  for (const header of update.matchAll(/\d+\s+\d+\s+obj\b/g)) {
    if (header.index < last) continue; // inside the previous object's stream
    const bodyStart = header.index + header[0].length;
    while (next < ends.length && ends[next] < bodyStart) next += 1;
    if (next === ends.length) return null;
    outside += update.slice(last, header.index);
    bodies.push(update.slice(bodyStart, ends[next]));
    last = ends[next] + 'endobj'.length;
    next += 1;
  }
  outside += update.slice(last);
  return /\bobj\b|stream\b/.test(outside) ? null : bodies;
}

/** The body of the last catalog in `text` (the latest revision's); '' without one. */
function lastCatalog(text: string): string {
  const at = text.lastIndexOf('/Catalog');
  if (at < 0) return '';
  const start = text.lastIndexOf('obj', at);
  const end = text.indexOf('endobj', at);
  if (start < 0 || end < 0 || end - start > WINDOW) return '';
  return text.slice(start + 'obj'.length, end);
}

/** A catalog's text without its /DSS entry, spaces evened out. */
function withoutDss(catalog: string): string {
  return catalog
    .replace(/\/DSS\s+\d+\s+\d+\s+R/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each document time-stamp checked over what it covers, listed in `report`; those that verify. */
function checkedDocumentTimestamps(
  signatures: FoundSignature[],
  report: VerifySealReport,
  problems: string[],
): (CheckedTimestamp & { end: number })[] {
  const documentTimestamps: (CheckedTimestamp & { end: number })[] = [];
  for (const signature of signatures.filter((s) => s.kind === 'document-timestamp')) {
    const end = signature.byteRange[2] + signature.byteRange[3];
    let checked: CheckedTimestamp | null = null;
    try {
      if (!signature.coversRevision) throw new Error('it does not cover the file up to itself');
      checked = checkedTimestamp(signature.der, signature.digest('sha256'));
      documentTimestamps.push({ ...checked, end });
    } catch (error) {
      problems.push(`A document time-stamp does not verify: ${(error as Error).message}.`);
    }
    const stated = checked ?? timestampClaim(signature.der);
    if (stated) {
      report.documentTimestamps.push({
        at: stated.at.toISOString(),
        authority: stated.authority,
        valid: checked !== null,
      });
    }
  }
  return documentTimestamps;
}

/** What does not hold in the chains, one sentence each. */
function chainProblems(chains: VerifySealChain[]): string[] {
  const problems: string[] = [];
  for (const chain of chains) {
    const whose = chain.role === 'seal' ? 'seal’s' : 'time-stamp authority’s';
    if (!chain.complete) problems.push(`The ${whose} certificate chain does not reach a root.`);
    for (const certificate of chain.certificates) {
      if (certificate.validAtTime) continue;
      problems.push(
        certificate.revocation === 'revoked'
          ? `${certificate.subject} was revoked at that time.`
          : `${certificate.subject} was not valid at that time.`,
      );
    }
  }
  return problems;
}

function levelOf(holds: {
  intact: boolean;
  timestamped: boolean;
  longTerm: boolean;
  archived: boolean;
}): SealLevel | null {
  if (!holds.intact) return null;
  if (!holds.timestamped) return 'B-B';
  if (!holds.longTerm) return 'B-T';
  return holds.archived ? 'B-LTA' : 'B-LT';
}

/** Every signature dictionary with a numeric /ByteRange, in file order. */
function signaturesOf(pdf: Buffer): FoundSignature[] {
  const text = pdf.toString('latin1');
  const revisionEnds = revisionEndsOf(text);
  const found: FoundSignature[] = [];
  for (const match of text.matchAll(BYTE_RANGE)) {
    const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
    if (a + b > c || c + d > pdf.length || b < 1 || c - (a + b) > MAX_CONTENTS) continue;
    if (found.length === MAX_SIGNATURES) break;
    // The dictionary around it, the /Contents hex left out.
    const start = Math.max(text.lastIndexOf('obj', match.index), match.index - WINDOW, 0);
    const endAt = text.indexOf('endobj', c);
    const after = text.slice(c, Math.min(endAt < 0 ? c : endAt, c + WINDOW));
    const dictionary = `${text.slice(start, a + b)} ${after}`;
    const subFilter = /\/SubFilter\s*\/([\w.]+)/.exec(dictionary)?.[1];
    const type = /\/Type\s*\/(\w+)/.exec(dictionary)?.[1];
    const kind =
      type === 'DocTimeStamp' || subFilter === 'ETSI.RFC3161'
        ? 'document-timestamp'
        : subFilter && /^(ETSI\.CAdES\.detached|adbe\.pkcs7\.detached)$/.test(subFilter)
          ? 'seal'
          : 'other';
    let der: Buffer = Buffer.alloc(0); // unreadable: the seal's problem says so
    try {
      der = contentsDer(pdf.subarray(a + b, c));
    } catch {
      // kept: a signature whose contents were damaged is still one the file claims
    }
    found.push({
      kind,
      byteRange: [a, b, c, d],
      der,
      digest: (hash) =>
        createHash(hash)
          .update(pdf.subarray(a, a + b))
          .update(pdf.subarray(c, c + d))
          .digest(),
      coversRevision: a === 0 && revisionEnds.has(c + d),
    });
  }
  return found;
}

/** The offsets just after each `%%EOF` (and after its end of line, either way). */
function revisionEndsOf(text: string): Set<number> {
  const ends = new Set<number>();
  for (let at = text.indexOf('%%EOF'); at >= 0; at = text.indexOf('%%EOF', at + 5)) {
    let end = at + 5;
    ends.add(end);
    if (text[end] === '\r') ends.add(++end);
    if (text[end] === '\n') ends.add(++end);
  }
  return ends;
}

/** The DER a /Contents `<hex…>` holds, its zero padding cut by the DER length. */
function contentsDer(contents: Buffer): Buffer {
  const hex = contents.toString('latin1').replace(/[<>\s]/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new Error('not hex');
  const padded = Buffer.from(hex, 'hex');
  const [element] = derElements(padded.subarray(0, derLengthOf(padded)));
  return element.whole;
}

function derLengthOf(bytes: Buffer): number {
  if (bytes.length < 2) throw new Error('empty');
  if (!(bytes[1] & 0x80)) return 2 + bytes[1];
  const size = bytes[1] & 0x7f;
  return 2 + size + bytes.readUIntBE(2, size);
}

/** The seal's CMS: its signer, certificates, whether it signs these bytes, and its time-stamp. */
function parseSeal(signature: FoundSignature): ParsedSeal {
  const contentInfo = AsnConvert.parse(signature.der, ContentInfo);
  if (contentInfo.contentType !== id_signedData) throw new Error('not a SignedData');
  const signedData = AsnConvert.parse(contentInfo.content, SignedData);
  const certificates = rawCertificates(signature.der);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) throw new Error('no signer');
  const serial = signerInfo.sid.issuerAndSerialNumber?.serialNumber;
  const signerDer =
    (serial &&
      certificates.find((der) =>
        Buffer.from(AsnConvert.parse(der, Certificate).tbsCertificate.serialNumber).equals(
          Buffer.from(serial),
        ),
      )) ??
    certificates[0] ??
    null;
  const attribute = (type: string) =>
    signerInfo.signedAttrs?.find((candidate) => candidate.attrType === type)?.attrValues[0];
  const digestName = DIGEST_HASH[signerInfo.digestAlgorithm.algorithm];
  const messageDigest = attribute(id_messageDigest);
  const digestMatches = Boolean(
    digestName &&
    messageDigest &&
    Buffer.from(AsnConvert.parse(messageDigest, OctetString).buffer).equals(
      signature.digest(digestName),
    ),
  );
  const signatureValue = Buffer.from(signerInfo.signature.buffer);
  let signatureVerifies = false;
  const hash = SIGNATURE_HASH[signerInfo.signatureAlgorithm.algorithm];
  const signedAttributes = rawSignedAttributes(signature.der);
  if (signerDer && signedAttributes && digestName && hash !== undefined) {
    const signed = Buffer.from(signedAttributes);
    signed[0] = 0x31; // the signature covers the SET, not the [0] IMPLICIT form
    try {
      signatureVerifies = verify(
        hash ?? digestName,
        signed,
        x509Of(signerDer).publicKey,
        signatureValue,
      );
    } catch {
      signatureVerifies = false;
    }
  }
  const signingTime = attribute(id_signingTime);
  let claimedAt: Date | null = null;
  try {
    claimedAt = signingTime ? AsnConvert.parse(signingTime, SigningTime).getTime() : null;
  } catch {
    claimedAt = null;
  }
  const token = signerInfo.unsignedAttrs?.find(
    (candidate) => candidate.attrType === ID_AA_SIGNATURE_TIME_STAMP_TOKEN,
  )?.attrValues[0];
  return {
    signerDer,
    certificates,
    digestMatches,
    signatureVerifies,
    claimedAt,
    token: token ? Buffer.from(token) : null,
    signatureValue,
  };
}

/** The [0] IMPLICIT signed attributes of a ContentInfo's (first) SignerInfo, as the bytes they are. */
function rawSignedAttributes(contentInfo: Buffer): Buffer | null {
  const [info] = derElements(contentInfo);
  const [, explicit] = derElements(info.content);
  const [signedData] = derElements(explicit.content);
  const fields = derElements(signedData.content);
  const [signerInfo] = derElements(fields[fields.length - 1].content);
  return (
    derElements(signerInfo?.content ?? Buffer.alloc(0)).find((f) => f.tag === 0xa0)?.whole ?? null
  );
}

/** The certificates of a ContentInfo of a SignedData, as the bytes they are. */
function rawCertificates(contentInfo: Buffer): Buffer[] {
  const [info] = derElements(contentInfo);
  const [, explicit] = derElements(info.content);
  const [signedData] = derElements(explicit.content);
  const set = derElements(signedData.content).find((field) => field.tag === 0xa0);
  return (set ? derElements(set.content) : [])
    .filter((item) => item.tag === 0x30)
    .map((item) => Buffer.from(item.whole));
}

/** A time-stamp token checked over `digest` (SHA-256): its time, its authority and its certificates. */
function checkedTimestamp(token: Buffer, digest: Buffer): CheckedTimestamp {
  const info = checkTimeStampToken(token, { digest });
  const certificates = rawCertificates(token);
  const signerDer =
    certificates.find((der) => (x509Of(der).keyUsage ?? []).includes(ID_KP_TIME_STAMPING)) ??
    certificates[0] ??
    null;
  return {
    at: info.genTime,
    authority: signerDer ? commonName(x509Of(signerDer).subject) : info.tsa,
    signerDer,
    certificates,
  };
}

/** What a token that does not verify says of itself (its time and authority), for the page to name it. */
function timestampClaim(token: Buffer): { at: Date; authority: string } | null {
  try {
    const contentInfo = AsnConvert.parse(token, ContentInfo);
    const signedData = AsnConvert.parse(contentInfo.content, SignedData);
    const eContent = signedData.encapContentInfo.eContent;
    const octets = eContent?.single ?? eContent?.any;
    if (!octets) return null;
    // TSTInfo: version, policy, messageImprint, serialNumber, genTime (GeneralizedTime).
    const [tstInfo] = derElements(
      Buffer.from(octets instanceof OctetString ? octets.buffer : octets),
    );
    const genTime = derElements(tstInfo.content)[4];
    const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(genTime.content.toString());
    if (!match) return null;
    const [, y, mo, d, h, mi, s] = match.map(Number);
    const certificates = rawCertificates(token);
    const tsa = certificates.find((der) =>
      (x509Of(der).keyUsage ?? []).includes(ID_KP_TIME_STAMPING),
    );
    return {
      at: new Date(Date.UTC(y, mo - 1, d, h, mi, s)),
      authority: tsa ? commonName(x509Of(tsa).subject) : 'unknown authority',
    };
  } catch {
    return null;
  }
}

/** The DSS's certificates, CRLs and the counts of its OCSP answers and /VRI entries; null without one. */
function storedValidationData(pdf: Buffer): StoredValidationData | null {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/DSS');
  if (at < 0) return null;
  const dss = dictionaryAt(valueAt(text, at + '/DSS'.length));
  if (dss === null) throw new Error('the DSS is not a dictionary');
  const budget = { left: MAX_DSS_BYTES };
  const streams = (key: string): Buffer[] => {
    const keyAt = topLevelKey(dss, key);
    if (keyAt < 0) return [];
    const array = arrayAt(text, dss, keyAt + key.length + 1);
    const refs = [...array.matchAll(/(\d+)\s+(\d+)\s+R/g)].slice(0, MAX_DSS_ITEMS);
    return refs.flatMap(([, num, gen]) => {
      const stream = streamOf(pdf, text, Number(num), Number(gen), budget);
      return stream ? [stream] : [];
    });
  };
  const vriAt = topLevelKey(dss, 'VRI');
  const vri = vriAt < 0 ? null : dictionaryAt(valueAt(dss, vriAt + '/VRI'.length, text));
  return {
    certificates: streams('Certs'),
    crls: streams('CRLs'),
    ocsps: streams('OCSPs').length,
    vri: vri ? [...vri.matchAll(/\/[0-9A-Fa-f]{40}\b/g)].length : 0,
  };
}

/**
 * A value of the minimal reader of the objects a DSS is made of (what pdf-lib would parse,
 * without parsing a whole file anyone may upload): where it starts, in the text it is in, once
 * a reference was followed to the latest definition of its object (incremental updates append).
 */
interface ValueRef {
  source: string;
  at: number;
}

/** The value after `at` in `source`: inline, or the object a reference names (in `file`). */
function valueAt(source: string, at: number, file: string = source): ValueRef {
  const ref = /\s*(\d+)\s+(\d+)\s+R/y;
  ref.lastIndex = at;
  const match = ref.exec(source);
  if (!match) return { source, at };
  const body = objectStart(file, Number(match[1]), Number(match[2]));
  return { source: file, at: body < 0 ? file.length : body };
}

/** The latest `num gen obj` of the file: where its body starts; -1 without one. */
function objectStart(text: string, num: number, gen: number): number {
  const header = `${num} ${gen} obj`;
  for (let at = text.lastIndexOf(header); at >= 0; at = text.lastIndexOf(header, at - 1)) {
    if (at === 0 || !/[0-9]/.test(text[at - 1])) return at + header.length;
  }
  return -1;
}

/** The dictionary `<< … >>` starting at the value (nested ones kept inside); null when none. */
function dictionaryAt({ source, at }: ValueRef): string | null {
  const start = source.indexOf('<<', at);
  if (start < 0 || source.slice(at, start).trim() !== '') return null;
  let depth = 0;
  const limit = Math.min(source.length, start + WINDOW * 64);
  for (let i = start; i < limit - 1; i += 1) {
    if (source[i] === '<' && source[i + 1] === '<') {
      depth += 1;
      i += 1;
    } else if (source[i] === '>' && source[i + 1] === '>') {
      depth -= 1;
      i += 1;
      if (depth === 0) return source.slice(start, i + 1);
    }
  }
  return null;
}

/** Where `/key` is a key of the dictionary itself, not of one nested in it; -1 if not. */
function topLevelKey(dictionary: string, key: string): number {
  let depth = 0;
  for (let i = 0; i < dictionary.length - 1; i += 1) {
    const pair = dictionary.slice(i, i + 2);
    if (pair === '<<' || pair === '>>') {
      depth += pair === '<<' ? 1 : -1;
      i += 1;
    } else if (
      depth === 1 &&
      dictionary.startsWith(`/${key}`, i) &&
      !/[A-Za-z0-9]/.test(dictionary[i + key.length + 1] ?? '')
    ) {
      return i;
    }
  }
  return -1;
}

/** The array `[ … ]` at `at` in `dictionary`, or the one the reference there names. */
function arrayAt(file: string, dictionary: string, at: number): string {
  const value = valueAt(dictionary, at, file);
  const start = value.source.indexOf('[', value.at);
  if (start < 0 || value.source.slice(value.at, start).trim() !== '') return '';
  const end = value.source.indexOf(']', start);
  return end < 0 ? '' : value.source.slice(start + 1, Math.min(end, start + WINDOW * 16));
}

/** The decoded data of stream object `num gen` (no filter, or FlateDecode); null otherwise. */
function streamOf(
  pdf: Buffer,
  text: string,
  num: number,
  gen: number,
  budget: { left: number },
): Buffer | null {
  const body = objectStart(text, num, gen);
  if (body < 0) return null;
  const dictionary = dictionaryAt({ source: text, at: body });
  if (!dictionary) return null;
  const lengthAt = topLevelKey(dictionary, 'Length');
  if (lengthAt < 0) return null;
  const value = valueAt(dictionary, lengthAt + '/Length'.length, text);
  const length = /\s*(\d+)/y;
  length.lastIndex = value.at;
  const size = Number(length.exec(value.source)?.[1] ?? NaN);
  const keyword = /\s*stream(\r\n|\n|\r)/y;
  keyword.lastIndex = text.indexOf('<<', body) + dictionary.length;
  if (!Number.isSafeInteger(size) || !keyword.exec(text)) return null;
  const data = pdf.subarray(keyword.lastIndex, keyword.lastIndex + size);
  const filter = /\/Filter\s*\[?\s*\/(\w+)/.exec(dictionary)?.[1];
  let decoded: Buffer | null = null;
  if (!filter) decoded = Buffer.from(data);
  else if (filter === 'FlateDecode' && budget.left > 0) {
    try {
      decoded = inflateSync(data, { maxOutputLength: budget.left });
    } catch {
      decoded = null;
    }
  }
  if (!decoded || decoded.length > budget.left) return null;
  budget.left -= decoded.length;
  return decoded;
}

/**
 * The chain from `leaf` up through the certificates the file holds, each checked at `at`: inside
 * its validity, signed by the next (a root by itself), and not revoked by a CRL of its issuer.
 */
function chainReport(
  role: VerifySealChain['role'],
  leaf: Buffer,
  pool: Buffer[],
  crls: StoredCrl[],
  at: Date | null,
): VerifySealChain {
  const opened = uniqueCertificates(pool).map((der) => ({ der, x509: x509Of(der) }));
  const chain: { der: Buffer; x509: X509Certificate }[] = [{ der: leaf, x509: x509Of(leaf) }];
  let complete = false;
  while (chain.length < 10) {
    const current = chain[chain.length - 1];
    if (isSelfSigned(current.x509)) {
      complete = true;
      break;
    }
    const issuer = opened.find(
      (candidate) =>
        !chain.some((link) => link.der.equals(candidate.der)) &&
        isIssuedBy(current.x509, candidate.x509),
    );
    if (!issuer) break;
    chain.push(issuer);
  }
  const certificates = chain.map(({ der, x509 }, index): VerifySealCertificate => {
    const selfSigned = complete && index === chain.length - 1;
    const issuer = chain[index + 1]?.x509 ?? (selfSigned ? x509 : null);
    const notBefore = new Date(x509.validFrom);
    const notAfter = new Date(x509.validTo);
    const inValidity = at !== null && at >= notBefore && at <= notAfter;
    const revocation = selfSigned
      ? 'root'
      : issuer
        ? revocationOf(der, issuer, crls, at)
        : 'unknown';
    const subject = commonName(x509.subject);
    return {
      subject,
      issuer: commonName(x509.issuer),
      notBefore: notBefore.toISOString(),
      notAfter: notAfter.toISOString(),
      validAtTime: inValidity && revocation !== 'revoked' && (issuer !== null || !complete),
      revocation,
      selfSigned,
      localRoot: selfSigned && subject.startsWith(LOCAL_ROOT_NAME_PREFIX),
    };
  });
  return { role, checkedAt: at?.toISOString() ?? null, certificates, complete };
}

/** The certificate's status at `at` from the CRLs `issuer` signed: listed by then, not listed, or no CRL. */
function revocationOf(
  der: Buffer,
  issuer: X509Certificate,
  crls: StoredCrl[],
  at: Date | null,
): VerifySealCertificate['revocation'] {
  const tbs = AsnConvert.parse(der, Certificate).tbsCertificate;
  const issuerName = Buffer.from(AsnConvert.serialize(tbs.issuer));
  const serial = Buffer.from(tbs.serialNumber);
  let covered = false;
  for (const { list: crl, tbsDer } of crls) {
    const list = crl.tbsCertList;
    if (!Buffer.from(AsnConvert.serialize(list.issuer)).equals(issuerName)) continue;
    const hash = SIGNATURE_HASH[crl.signatureAlgorithm.algorithm];
    if (!hash) continue;
    let signed = false;
    try {
      signed = verify(hash, tbsDer, issuer.publicKey, Buffer.from(crl.signature));
    } catch {
      signed = false;
    }
    if (!signed) continue;
    const entry = (list.revokedCertificates ?? []).find((revoked) =>
      Buffer.from(revoked.userCertificate).equals(serial),
    );
    if (entry && (at === null || entry.revocationDate.getTime() <= at)) return 'revoked';
    covered = true;
  }
  return covered ? 'good' : 'unknown';
}

/** Its own issuer, by name and signature (a self-signed leaf may lack the CA key usages OpenSSL asks of an issuer). */
function isSelfSigned(certificate: X509Certificate): boolean {
  if (certificate.subject !== certificate.issuer) return false;
  try {
    return certificate.verify(certificate.publicKey);
  } catch {
    return false;
  }
}

function uniqueCertificates(certificates: Buffer[]): Buffer[] {
  return certificates.filter(
    (der, index) => certificates.findIndex((other) => other.equals(der)) === index,
  );
}

/** A subject's common name, as node:crypto spells a name ("CN=…\nO=…"); the whole name without one. */
function commonName(name: string): string {
  const lines = name.split('\n');
  const cn = lines.find((line) => line.startsWith('CN='));
  // node:crypto escapes the special characters of a DN (`\,`): shown as they are.
  return (cn ? cn.slice(3) : lines.join(', ')).replace(/\\(.)/g, '$1');
}
