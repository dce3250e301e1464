// The document security store of a sealed PDF (the seal report's B-LT), and whether what follows
// the last signature is validation data alone.
import { arrayAt, dictionaryAt, streamOf, topLevelKey, valueAt, WINDOW } from './pdf-object-reader';

export interface StoredValidationData {
  certificates: Buffer[];
  crls: Buffer[];
  ocsps: number;
  vri: number;
}

/** Certificates, CRLs or OCSP answers read from a DSS, of each at most, and their bytes in all. */
const MAX_DSS_ITEMS = 256;
const MAX_DSS_BYTES = 16 << 20;

/** The DSS's certificates, CRLs and the counts of its OCSP answers and /VRI entries; null without one. */
export function storedValidationData(pdf: Buffer): StoredValidationData | null {
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
 * Whether what follows `end` adds nothing but validation data: the DSS's streams (certificates,
 * CRLs, OCSP answers: a dictionary of /Length and /Filter only), the DSS and /VRI dictionaries,
 * and the catalog as it was but for the DSS it now names.
 */
export function onlyValidationData(pdf: Buffer, end: number): boolean {
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
