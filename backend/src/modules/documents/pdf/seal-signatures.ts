// The signatures a PDF claims, found by a text scan for /ByteRange as readers find them (the
// seal report's first step).
import { createHash } from 'node:crypto';
import { derElements } from '../../../integrations/timestamp';
import { WINDOW } from './pdf-object-reader';

/** One signature dictionary of the file, in file order. */
export interface FoundSignature {
  kind: 'seal' | 'document-timestamp' | 'other';
  byteRange: [number, number, number, number];
  /** The DER in /Contents, the zero padding cut. */
  der: Buffer;
  /** The digest of the bytes the range covers (hashed where they lie, never copied). */
  digest(hash: string): Buffer;
  /** The range starts the file and ends a revision (after its %%EOF). */
  coversRevision: boolean;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
/**
 * Bounds for a file anyone may upload (20 MB): at most this many signatures are read (ours: a
 * seal and a document time-stamp a decade or so), a /Contents of at most this many bytes (ours:
 * 48 kB of hex).
 */
const MAX_SIGNATURES = 32;
const MAX_CONTENTS = 1 << 20;

/** Every signature dictionary with a numeric /ByteRange, in file order. */
export function signaturesOf(pdf: Buffer): FoundSignature[] {
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
