import * as asn1js from 'asn1js';
import forge from 'node-forge';
import { execFileSync } from 'node:child_process';
import { createHash, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

/**
 * Independent readers of a PAdES B-LT / B-LTA seal: pdf-lib's object parser finds
 * the signatures and the document security store, node-forge reads and chains
 * the certificates, asn1js reads the CRLs (node:crypto checks their signatures)
 * and OpenSSL verifies the document time-stamp and each chain against its CRL.
 * None of it is the code that wrote them.
 */

/** One signature of a PDF, in file order, as its ByteRange says. */
export interface PdfSignature {
  type: string | undefined;
  subFilter: string | undefined;
  byteRange: [number, number, number, number];
  /** The bytes it covers. */
  signedBytes: Buffer;
  /** The DER in /Contents, without the zero padding. */
  der: Buffer;
  /** /Contents as stored, padding included (what a /VRI key hashes). */
  contents: Buffer;
}

function derLengthOf(padded: Buffer): number {
  return padded[1] & 0x80
    ? 2 + (padded[1] & 0x7f) + padded.readUIntBE(2, padded[1] & 0x7f)
    : 2 + padded[1];
}

/** Every signature dictionary's ByteRange and /Contents, in file order (text scan, no PDF parser). */
export function signaturesOf(pdf: Buffer): PdfSignature[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map(
    (match) => {
      const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
      // The dictionary around it: from its `obj` to its `endobj`.
      const start = text.lastIndexOf(' obj', match.index);
      const end = text.indexOf('endobj', match.index);
      const dictionary = text.slice(start, end).replace(/<[0-9a-fA-F]{200,}>/g, '<…>');
      const contents = Buffer.from(text.slice(a + b + 1, c - 1), 'hex');
      return {
        type: /\/Type\s*\/(\w+)/.exec(dictionary)?.[1],
        subFilter: /\/SubFilter\s*\/([\w.]+)/.exec(dictionary)?.[1],
        byteRange: [a, b, c, d],
        signedBytes: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
        der: contents.subarray(0, derLengthOf(contents)),
        contents,
      };
    },
  );
}

/** What the document security store holds, read with pdf-lib's parser. */
export interface DocumentSecurityStore {
  certificates: Buffer[];
  crls: Buffer[];
  ocsps: Buffer[];
  /** /VRI entries by key: the certificates and CRLs each names. */
  vri: Record<string, { certificates: Buffer[]; crls: Buffer[] }>;
}

export async function documentSecurityStoreOf(pdf: Buffer): Promise<DocumentSecurityStore | null> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const dss = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  if (!dss) return null;
  const streamsOf = (owner: PDFDict, key: string): Buffer[] => {
    const array = owner.lookupMaybe(PDFName.of(key), PDFArray);
    if (!array) return [];
    return array.asArray().map((item) => {
      const stream = doc.context.lookup(item as PDFRef);
      if (!(stream instanceof PDFRawStream)) throw new Error(`${key}: not a stream`);
      return Buffer.from(decodePDFRawStream(stream).decode());
    });
  };
  const vri: DocumentSecurityStore['vri'] = {};
  const vriDict = dss.lookupMaybe(PDFName.of('VRI'), PDFDict);
  for (const [key, value] of vriDict?.entries() ?? []) {
    const entry = doc.context.lookup(value, PDFDict);
    vri[key.decodeText()] = {
      certificates: streamsOf(entry, 'Cert'),
      crls: streamsOf(entry, 'CRL'),
    };
  }
  return {
    certificates: streamsOf(dss, 'Certs'),
    crls: streamsOf(dss, 'CRLs'),
    ocsps: streamsOf(dss, 'OCSPs'),
    vri,
  };
}

/** A certificate as node-forge reads it. */
export function forgeCertificate(der: Buffer): forge.pki.Certificate {
  return forge.pki.certificateFromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary'))),
  );
}

/** forge's certificate error names (not in its typings). */
const CERTIFICATE_ERRORS = (forge.pki as unknown as { certificateError: Record<string, string> })
  .certificateError;

/**
 * node-forge's chain check of `chain` (leaf first) against `root` alone: signatures,
 * validity, CA constraints. forge enforces no extendedKeyUsage and so refuses it
 * critical, which RFC 3161 §2.3 requires of a TSA's: that refusal alone is overridden,
 * after forge's other checks passed.
 */
export function forgeChainVerifies(chain: Buffer[], root: Buffer): boolean {
  const store = forge.pki.createCaStore([forgeCertificate(root)]);
  const certificates = chain.map(forgeCertificate);
  try {
    return forge.pki.verifyCertificateChain(store, certificates, {
      verify(verified, depth) {
        const unsupported = (
          certificates[depth]?.extensions as { name: string; critical?: boolean }[]
        ).filter(
          (extension) =>
            extension.critical && !['keyUsage', 'basicConstraints'].includes(extension.name),
        );
        const onlyExtendedKeyUsage =
          verified === CERTIFICATE_ERRORS.unsupported_certificate &&
          unsupported.length > 0 &&
          unsupported.every((extension) => extension.name === 'extKeyUsage');
        // forge's typings say boolean; it takes an error name as well (and passes it on).
        return (onlyExtendedKeyUsage ? true : verified) as boolean;
      },
    });
  } catch {
    return false;
  }
}

/** A CRL as asn1js reads it. */
export interface ParsedCrl {
  /** The issuer Name, DER. */
  issuer: Buffer;
  thisUpdate: Date;
  nextUpdate: Date | undefined;
  revokedCount: number;
  signatureAlgorithm: string;
  /** Whether the CRL's signature verifies with `issuer`'s key (node:crypto). */
  signedBy(issuer: Buffer): boolean;
}

export function parseCrl(der: Buffer): ParsedCrl {
  const parsed = asn1js.fromBER(new Uint8Array(der));
  if (parsed.offset === -1) throw new Error('not BER');
  const [tbs, algorithm, signature] = (parsed.result as asn1js.Sequence).valueBlock
    .value as asn1js.BaseBlock[];
  const fields = (tbs as asn1js.Sequence).valueBlock.value;
  // TBSCertList: version (v2), signature, issuer, thisUpdate, nextUpdate, revoked?, [0] extensions
  let at = fields[0] instanceof asn1js.Integer ? 1 : 0;
  at += 1; // signature algorithm
  const issuer = Buffer.from(fields[at].toBER(false));
  at += 1;
  const time = (block: asn1js.BaseBlock) =>
    (block as asn1js.UTCTime | asn1js.GeneralizedTime).toDate();
  const thisUpdate = time(fields[at]);
  at += 1;
  const isTime = (block?: asn1js.BaseBlock) =>
    block instanceof asn1js.UTCTime || block instanceof asn1js.GeneralizedTime;
  const nextUpdate = isTime(fields[at]) ? time(fields[at++]) : undefined;
  const revoked = fields[at] instanceof asn1js.Sequence ? (fields[at] as asn1js.Sequence) : null;
  const tbsDer = Buffer.from(tbs.toBER(false));
  const signatureBytes = Buffer.from(
    (signature as asn1js.BitString).valueBlock.valueHexView.slice(),
  );
  const algorithmOid = (
    (algorithm as asn1js.Sequence).valueBlock.value[0] as asn1js.ObjectIdentifier
  ).getValue();
  return {
    issuer,
    thisUpdate,
    nextUpdate,
    revokedCount: revoked ? revoked.valueBlock.value.length : 0,
    signatureAlgorithm: algorithmOid,
    signedBy(issuerDer) {
      const hash = { '1.2.840.113549.1.1.11': 'sha256' }[algorithmOid];
      if (!hash) return false;
      return verify(hash, tbsDer, new X509Certificate(issuerDer).publicKey, signatureBytes);
    },
  };
}

/** A certificate's subject Name, DER (to compare with a CRL's issuer). */
export function subjectDer(certificate: Buffer): Buffer {
  const parsed = asn1js.fromBER(new Uint8Array(certificate));
  const tbs = (parsed.result as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
  const fields = tbs.valueBlock.value;
  // version [0], serial, signature, issuer, validity, subject
  const offset = fields[0].idBlock.tagClass === 3 ? 1 : 0;
  return Buffer.from(fields[offset + 4].toBER(false));
}

const pem = (der: Buffer, label: string) =>
  `-----BEGIN ${label}-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END ${label}-----\n`;

function openssl(args: (dir: string) => string[], files: Record<string, Buffer | string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'prosign-pades-'));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    try {
      return execFileSync('openssl', args(dir), {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      return `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `openssl verify -crl_check_all` of `leaf` through `intermediates` to `root`, with
 * `crls` as the only revocation data: "…: OK" when every certificate of the chain
 * has a valid CRL from its issuer that does not list it.
 */
export function opensslVerifyWithCrls(
  leaf: Buffer,
  root: Buffer,
  crls: Buffer[],
  intermediates: Buffer[] = [],
): string {
  const files: Record<string, string> = {
    'leaf.pem': pem(leaf, 'CERTIFICATE'),
    'root.pem': pem(root, 'CERTIFICATE'),
    'crls.pem': crls.map((crl) => pem(crl, 'X509 CRL')).join(''),
    'untrusted.pem': intermediates.map((der) => pem(der, 'CERTIFICATE')).join(''),
  };
  return openssl(
    (dir) => [
      'verify',
      '-crl_check_all',
      '-CAfile',
      join(dir, 'root.pem'),
      ...(crls.length ? ['-CRLfile', join(dir, 'crls.pem')] : []),
      ...(intermediates.length ? ['-untrusted', join(dir, 'untrusted.pem')] : []),
      join(dir, 'leaf.pem'),
    ],
    files,
  );
}

/** The SHA-1 a /VRI key is: of the signature's /Contents, upper-case hex. */
export function vriKeyOf(signature: PdfSignature): string {
  return createHash('sha1').update(signature.contents).digest('hex').toUpperCase();
}
