import { AsnObjectIdentifierConverter } from '@peculiar/asn1-schema';
import { createHash, type X509Certificate } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFDocument,
} from 'pdf-lib';
import {
  derElements,
  ID_AA_SIGNATURE_TIME_STAMP_TOKEN,
  isIssuedBy,
  x509Of,
  type RevocationPort,
} from '../../../integrations/timestamp';
import { IncrementalUpdate } from './pdf-incremental-update';

/**
 * PAdES long-term validation (ETSI EN 319 142-1 §5.4, ISO 32000-2 §12.8.4.3):
 * B-LT adds, in an incremental update after the seal, a document security
 * store with every certificate of the seal's and its time-stamp's chains and
 * a CRL for each certificate that is not a root; B-LTA closes it with a
 * document time-stamp (an RFC 3161 token over the whole file) in a further one.
 */

const ID_AA_SIGNATURE_TIME_STAMP_TOKEN_DER = Buffer.from(
  AsnObjectIdentifierConverter.toASN(ID_AA_SIGNATURE_TIME_STAMP_TOKEN).toBER(false),
);

/** The newest signature's /Contents: where its hex string is, and its bytes (zero padding included). */
export function lastSignatureContents(pdf: Buffer): { start: number; end: number; bytes: Buffer } {
  const at = pdf.lastIndexOf('/ByteRange', undefined, 'latin1');
  if (at < 0) throw new Error('The PDF has no signature');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    pdf.subarray(at, at + 120).toString('latin1'),
  );
  if (!match) throw new Error('The signature has no ByteRange');
  const [, , length, next] = match.map(Number);
  // Contents is `<hex>`: the bytes between the range's first part and its second.
  const bytes = Buffer.from(pdf.subarray(length + 1, next - 1).toString('latin1'), 'hex');
  return { start: length, end: next, bytes };
}

/** The certificates (DER, as they are) in a CMS ContentInfo of a SignedData. */
function certificatesOf(signedData: Buffer): Buffer[] {
  const fields = derElements(signedData);
  return derElements(fields.find((field) => field.tag === 0xa0)?.content ?? Buffer.alloc(0)).map(
    (certificate) => certificate.whole,
  );
}

/** The SignedData's fields of a ContentInfo. */
function signedDataFields(contentInfo: Buffer) {
  const [info] = derElements(contentInfo);
  const [, explicit] = derElements(info.content);
  return derElements(derElements(explicit.content)[0].content);
}

/**
 * The newest signature, when it is a document time-stamp (`/SubFilter /ETSI.RFC3161`, what
 * B-LTA and each archive extension end with): its token's certificates (the TSA's and its
 * chain). Null when the newest signature is anything else (a seal below B-LTA).
 */
export function lastDocumentTimestamp(
  pdf: Buffer,
): { token: Buffer; certificates: Buffer[] } | null {
  const at = pdf.lastIndexOf('/ByteRange', undefined, 'latin1');
  if (at < 0) return null;
  // The signature dictionary around its /ByteRange (ours: /Type … /SubFilter … /ByteRange).
  const dictionaryStart = pdf.lastIndexOf('<<', at, 'latin1');
  const dictionary = pdf.subarray(dictionaryStart, at).toString('latin1');
  if (!/\/SubFilter\s*\/ETSI\.RFC3161/.test(dictionary)) return null;
  const token = lastSignatureContents(pdf).bytes;
  const certificates = signedDataFields(token).find((field) => field.tag === 0xa0);
  return {
    token,
    certificates: derElements(certificates?.content ?? Buffer.alloc(0)).map((c) => c.whole),
  };
}

/**
 * When the newest document time-stamp stops being checkable: the earliest end of validity
 * among its token's certificates (the TSA's, usually, before its root's). Null without one.
 */
export function lastDocumentTimestampExpiry(pdf: Buffer): Date | null {
  const stamp = lastDocumentTimestamp(pdf);
  if (!stamp || stamp.certificates.length === 0) return null;
  const ends = stamp.certificates.map((der) => new Date(x509Of(der).validTo));
  return new Date(Math.min(...ends.map((end) => end.getTime())));
}

/**
 * The certificates a seal's CMS carries (the seal's and its chain) and those of
 * its signature time-stamp token (the TSA's and its chain), each once.
 */
export function certificatesOfSeal(cms: Buffer): Buffer[] {
  const [info] = derElements(cms);
  const [, explicit] = derElements(info.content);
  const signedData = derElements(explicit.content)[0].content;
  const fields = derElements(signedData);
  const found = certificatesOf(signedData);
  const signerInfos = derElements(fields[fields.length - 1].content);
  for (const signerInfo of signerInfos) {
    const unsigned = derElements(signerInfo.content).find((field) => field.tag === 0xa1);
    for (const attribute of derElements(unsigned?.content ?? Buffer.alloc(0))) {
      const [type, values] = derElements(attribute.content);
      if (!type.whole.equals(ID_AA_SIGNATURE_TIME_STAMP_TOKEN_DER)) continue;
      for (const token of derElements(values.content)) {
        const tokenFields = signedDataFields(token.whole);
        const certificates = tokenFields.find((field) => field.tag === 0xa0);
        found.push(...derElements(certificates?.content ?? Buffer.alloc(0)).map((c) => c.whole));
      }
    }
  }
  return found.filter((der, index) => found.findIndex((other) => other.equals(der)) === index);
}

/** The chains' certificates and the CRLs for them, as the DSS holds them. */
export interface ValidationMaterial {
  certificates: Buffer[];
  crls: Buffer[];
}

/**
 * Every certificate's CRL from `revocation` (roots excepted: a trust anchor is
 * trusted as it is). A certificate whose issuer is not among them gets none: no
 * CRL could be checked.
 */
export async function validationMaterial(
  certificatesDer: Buffer[],
  revocation: RevocationPort,
): Promise<ValidationMaterial> {
  const certificates = certificatesDer.map(x509Of);
  const issuerOf = (certificate: X509Certificate) =>
    certificates.find((candidate) => isIssuedBy(certificate, candidate));
  const lists = await Promise.all(
    certificates.map((certificate) => {
      const issuer = issuerOf(certificate);
      if (!issuer || issuer === certificate) return [];
      return revocation.crlsFor(certificate, issuer);
    }),
  );
  const crls = lists.flat();
  return {
    certificates: certificatesDer,
    crls: crls.filter((crl, index) => crls.findIndex((other) => other.equals(crl)) === index),
  };
}

/**
 * `signed` (saved from `doc`) with a DSS added in an incremental update: /Certs and
 * /CRLs, and a /VRI entry for the newest signature (keyed by the SHA-1 of its
 * /Contents, in upper-case hex) naming the same streams. A DSS already in the file (an
 * archive being extended) is kept: its streams and /VRI entries stay, and only
 * certificates and CRLs it does not hold yet are added.
 */
export function withDocumentSecurityStore(
  signed: Buffer,
  doc: PDFDocument,
  material: ValidationMaterial,
): Buffer {
  const update = new IncrementalUpdate(doc);
  const { context } = doc;
  const existing = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const held = (key: string) => {
    const array = existing?.lookupMaybe(PDFName.of(key), PDFArray);
    const refs = (array?.asArray() ?? []).filter((item): item is PDFRef => item instanceof PDFRef);
    return refs.map((ref) => {
      const stream = context.lookup(ref);
      return { ref, der: stream instanceof PDFRawStream ? Buffer.from(stream.contents) : null };
    });
  };
  const streams = (key: string, items: Buffer[]) => {
    const kept = held(key);
    const refs = items.map(
      (der) => kept.find((item) => item.der?.equals(der))?.ref ?? update.add(context.stream(der)),
    );
    return { refs, all: [...new Set([...kept.map((item) => item.ref), ...refs])] };
  };
  const certs = streams('Certs', material.certificates);
  const crls = streams('CRLs', material.crls);
  const vriKey = createHash('sha1')
    .update(lastSignatureContents(signed).bytes)
    .digest('hex')
    .toUpperCase();
  const vri = existing?.lookupMaybe(PDFName.of('VRI'), PDFDict) ?? context.obj({});
  vri.set(
    PDFName.of(vriKey),
    context.obj({ Cert: certs.refs, ...(crls.refs.length ? { CRL: crls.refs } : {}) }),
  );
  const dss = context.obj({
    Certs: certs.all,
    ...(crls.all.length ? { CRLs: crls.all } : {}),
    VRI: vri,
  });
  doc.catalog.set(PDFName.of('DSS'), update.add(dss));
  update.set(context.trailerInfo.Root as PDFRef, doc.catalog);
  return update.appendTo(signed).pdf;
}

const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 ********** ********** **********]';

/**
 * `pdf` (the latest revision of `doc`) with a document time-stamp in a further
 * incremental update: a signature field (invisible widget on the first page)
 * whose value is a /DocTimeStamp dictionary (/SubFilter /ETSI.RFC3161) holding
 * the token `stamp` gives over the byte range, i.e. the whole file but the token.
 */
export async function withDocumentTimestamp(
  pdf: Buffer,
  doc: PDFDocument,
  stamp: (signedBytes: Buffer) => Promise<Buffer>,
  contentsLength: number,
): Promise<Buffer> {
  const { context } = doc;
  const update = new IncrementalUpdate(doc);
  const signature = update.addRaw(
    `<<\n/Type /DocTimeStamp\n/Filter /Adobe.PPKLite\n/SubFilter /ETSI.RFC3161\n${BYTE_RANGE_PLACEHOLDER}\n/Contents <${'0'.repeat(contentsLength * 2)}>\n>>`,
  );
  const page = doc.getPage(0);
  const acroFormEntry = doc.catalog.get(PDFName.of('AcroForm'));
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
  const fields = acroForm.lookup(PDFName.of('Fields'), PDFArray);
  const widget = update.add(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: signature,
      T: PDFString.of(`DocumentTimeStamp${fields.size()}`),
      F: 4, // print
      P: page.ref,
      AP: { N: update.add(context.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} })) },
    }),
  );
  fields.push(widget);
  const fieldsEntry = acroForm.get(PDFName.of('Fields'));
  if (fieldsEntry instanceof PDFRef) update.set(fieldsEntry, fields);
  if (acroFormEntry instanceof PDFRef) update.set(acroFormEntry, acroForm);
  else update.set(context.trailerInfo.Root as PDFRef, doc.catalog);

  const annotsEntry = page.node.get(PDFName.of('Annots'));
  if (annotsEntry instanceof PDFRef) {
    const annots = context.lookup(annotsEntry, PDFArray);
    annots.push(widget);
    update.set(annotsEntry, annots);
  } else {
    const annots = annotsEntry instanceof PDFArray ? annotsEntry : context.obj([]);
    annots.push(widget);
    page.node.set(PDFName.of('Annots'), annots);
    update.set(page.ref, page.node);
  }

  const { pdf: placed, offsets } = update.appendTo(pdf);
  const objectAt = offsets.get(signature.objectNumber)!;
  const rangeAt = placed.indexOf(BYTE_RANGE_PLACEHOLDER, objectAt, 'latin1');
  const contentsAt = placed.indexOf('/Contents <', objectAt, 'latin1') + '/Contents '.length;
  const contentsEnd = contentsAt + contentsLength * 2 + 2;
  const range = `/ByteRange [0 ${contentsAt} ${contentsEnd} ${placed.length - contentsEnd}]`;
  placed.write(range.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' '), rangeAt, 'latin1');
  const token = await stamp(
    Buffer.concat([placed.subarray(0, contentsAt), placed.subarray(contentsEnd)]),
  );
  if (token.length > contentsLength) {
    throw new Error(
      `The document time-stamp token (${token.length} bytes) exceeds its room (${contentsLength})`,
    );
  }
  placed.write(token.toString('hex'), contentsAt + 1, 'latin1');
  return placed;
}
