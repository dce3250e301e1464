import forge from 'node-forge';
import { createHash } from 'node:crypto';

export interface SealCheck {
  /** The digest signed in the PKCS#7 matches the bytes the ByteRange covers. */
  digestMatches: boolean;
  /** The signature over the signed attributes verifies with the embedded certificate. */
  signatureValid: boolean;
  /**
   * Nothing outside the signatures can change unseen: the seal's ByteRange covers the
   * whole file but its own /Contents, or (B-LT, B-LTA) the whole of its revision, and
   * the revisions after it are closed by a document time-stamp over the whole file.
   */
  coversWholeFile: boolean;
  signerCommonName: string;
  signingTime?: Date;
}

/**
 * Verifies the seal of a PDF (its first signature: document time-stamps follow it
 * at B-LTA) the way a reader does: the ByteRange digest against the PKCS#7
 * messageDigest attribute, and the RSA signature over the signed attributes
 * against the embedded certificate.
 */
export function checkPdfSeal(pdf: Buffer): SealCheck {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  if (ranges.length === 0) throw new Error('The PDF has no signature ByteRange');
  const [a, b, c, d] = ranges[0].slice(1).map(Number);
  const [la, , lc, ld] = ranges[ranges.length - 1].slice(1).map(Number);
  // At B-LT/B-LTA the seal covers its whole revision (up to its %%EOF) and the last
  // signature, a document time-stamp, covers the whole file.
  const coversWholeFile =
    a === 0 &&
    (c + d === pdf.length ||
      (ranges.length > 1 &&
        text.slice(c + d - 7, c + d).includes('%%EOF') &&
        la === 0 &&
        lc + ld === pdf.length));
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const contentsHex = pdf
    .subarray(a + b, c)
    .toString('latin1')
    .replace(/[<>\s]/g, '')
    .replace(/(00)+$/, '');

  const asn1 = forge.asn1.fromDer(forge.util.hexToBytes(contentsHex), false);
  const message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const certificate = message.certificates[0];
  const attributes = message.rawCapture.authenticatedAttributes;

  let messageDigest = '';
  let signingTime: Date | undefined;
  for (const attribute of attributes) {
    const [oid, values] = attribute.value as forge.asn1.Asn1[];
    const name = forge.asn1.derToOid(oid.value as string);
    const value = (values.value as forge.asn1.Asn1[])[0];
    if (name === forge.pki.oids.messageDigest) messageDigest = value.value as string;
    if (name === forge.pki.oids.signingTime)
      signingTime = forge.asn1.utcTimeToDate(value.value as string);
  }
  const digestMatches =
    forge.util.bytesToHex(messageDigest) === createHash('sha256').update(signed).digest('hex');

  // The signature covers the DER of the attributes as a SET (tag 0x31), not the [0] IMPLICIT form.
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const attributesDigest = forge.md.sha256.create().update(forge.asn1.toDer(set).getBytes());
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  let signatureValid = false;
  try {
    signatureValid = publicKey.verify(
      attributesDigest.digest().getBytes(),
      message.rawCapture.signature,
    );
  } catch {
    signatureValid = false;
  }
  return {
    digestMatches,
    signatureValid,
    coversWholeFile,
    signerCommonName: String(certificate.subject.getField('CN')?.value ?? ''),
    signingTime,
  };
}
