import forge from 'node-forge';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ID_AA_SIGNATURE_TIME_STAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';
const ID_CT_TST_INFO = '1.2.840.113549.1.9.16.1.4';

/** What an independent reader (node-forge's ASN.1 parser, not the code that wrote it) finds in a seal. */
export interface SealTimestamp {
  /** The CMS of the PDF's last signature, DER. */
  cms: Buffer;
  /** The SignerInfo's signature value (the OCTET STRING's content). */
  signatureValue: Buffer;
  /** The id-aa-signatureTimeStampToken unsigned attribute's value (a TimeStampToken), DER; null without one. */
  token: Buffer | null;
  tstInfo: {
    contentType: string;
    policy: string;
    hashAlgorithm: string;
    imprint: Buffer;
    serialNumber: string;
    genTime: Date;
  } | null;
}

const children = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];
const bytes = (node: forge.asn1.Asn1) => Buffer.from(node.value as string, 'binary');
/** An OBJECT IDENTIFIER, arcs of any size (forge stops at 53 bits; UUID arcs are 128). */
const oid = (node: forge.asn1.Asn1) => {
  const arcs: bigint[] = [];
  let arc = 0n;
  for (const byte of bytes(node)) {
    arc = (arc << 7n) | BigInt(byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(arc);
      arc = 0n;
    }
  }
  const [first, ...rest] = arcs;
  const head = first < 40n ? [0n, first] : first < 80n ? [1n, first - 40n] : [2n, first - 80n];
  return [...head, ...rest].join('.');
};
const der = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');
const parse = (buffer: Buffer) =>
  forge.asn1.fromDer(forge.util.createBuffer(buffer.toString('binary')));

/**
 * The DER of the seal's /Contents: the first signature (a B-LT/B-LTA seal is followed
 * by document time-stamps); the placeholder's zero padding cut by the DER length.
 */
function sealCms(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!range) throw new Error('The PDF has no signature ByteRange');
  const [a, b, c] = range.slice(1).map(Number);
  const padded = Buffer.from(
    pdf
      .subarray(a + b, c)
      .toString('latin1')
      .replace(/[<>\s]/g, ''),
    'hex',
  );
  const size = padded[1] & 0x80 ? padded.readUIntBE(2, padded[1] & 0x7f) : padded[1];
  const header = padded[1] & 0x80 ? 2 + (padded[1] & 0x7f) : 2;
  return padded.subarray(0, header + size);
}

/** The seal's signature value and its signature time-stamp token, read with node-forge. */
export function sealTimestampOf(pdf: Buffer): SealTimestamp {
  const cms = sealCms(pdf);
  const signedData = children(children(parse(cms))[1])[0];
  const signerInfo = children(children(signedData).at(-1)!)[0];
  const fields = children(signerInfo);
  const signature = fields.find(
    (field) =>
      field.tagClass === forge.asn1.Class.UNIVERSAL && field.type === forge.asn1.Type.OCTETSTRING,
  )!;
  const unsigned = fields.find(
    (field) => field.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && field.type === 1,
  );
  const attribute = unsigned
    ? children(unsigned).find((item) => oid(children(item)[0]) === ID_AA_SIGNATURE_TIME_STAMP_TOKEN)
    : undefined;
  if (!attribute) return { cms, signatureValue: bytes(signature), token: null, tstInfo: null };
  const tokenNode = children(children(attribute)[1])[0];
  const tokenSignedData = children(children(tokenNode)[1])[0];
  const encap = children(tokenSignedData)[2];
  const tst = parse(bytes(children(children(encap)[1])[0]));
  const [, policy, imprint, serial, genTime] = children(tst);
  return {
    cms,
    signatureValue: bytes(signature),
    token: der(tokenNode),
    tstInfo: {
      contentType: oid(children(encap)[0]),
      policy: oid(policy),
      hashAlgorithm: oid(children(children(imprint)[0])[0]),
      imprint: bytes(children(imprint)[1]),
      serialNumber: bytes(serial).toString('hex'),
      genTime: forge.asn1.generalizedTimeToDate(genTime.value as string),
    },
  };
}

export { ID_CT_TST_INFO };

/** `pdfsig`'s report of a PDF (poppler, the independent validator). */
export function pdfsig(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'prosign-pdfsig-'));
  try {
    writeFileSync(join(dir, 'sealed.pdf'), pdf);
    return execFileSync('pdfsig', [join(dir, 'sealed.pdf')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `openssl ts -verify` of a token over `data`, trusting `rootPem` only: its output, or its error. */
export function opensslVerifyToken(token: Buffer, data: Buffer, rootPem: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'prosign-ts-'));
  try {
    writeFileSync(join(dir, 'token.der'), token);
    writeFileSync(join(dir, 'data.bin'), data);
    writeFileSync(join(dir, 'root.pem'), rootPem);
    const args = ['ts', '-verify', '-token_in', '-in', join(dir, 'token.der')];
    args.push('-data', join(dir, 'data.bin'), '-CAfile', join(dir, 'root.pem'));
    try {
      return execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      return `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** OpenSSL's request for `data` (SHA-256, its own nonce, certReq) and its verification of the reply. */
export function opensslQuery(data: Buffer): {
  query: Buffer;
  verify(reply: Buffer, rootPem: string): string;
} {
  const dir = mkdtempSync(join(tmpdir(), 'prosign-tsq-'));
  writeFileSync(join(dir, 'data.bin'), data);
  execFileSync('openssl', [
    'ts',
    '-query',
    '-data',
    join(dir, 'data.bin'),
    '-sha256',
    '-cert',
    '-out',
    join(dir, 'q.tsq'),
  ]);
  const query = readFileSync(join(dir, 'q.tsq'));
  return {
    query,
    verify(reply, rootPem) {
      try {
        writeFileSync(join(dir, 'r.tsr'), reply);
        writeFileSync(join(dir, 'root.pem'), rootPem);
        const args = ['ts', '-verify', '-queryfile', join(dir, 'q.tsq'), '-in', join(dir, 'r.tsr')];
        args.push('-CAfile', join(dir, 'root.pem'));
        return execFileSync('openssl', args, {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch (error) {
        return `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
