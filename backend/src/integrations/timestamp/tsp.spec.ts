import { AsnConvert } from '@peculiar/asn1-schema';
import { ContentInfo, SignedData } from '@peculiar/asn1-cms';
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLocalPki, issueSealP12, openLocalPki, type LocalPkiRecord } from './local-pki';
import { LOCAL_TSA_POLICY, LocalTimeStampAuthority } from './local-tsa';
import {
  checkTimeStampResponse,
  checkTimeStampToken,
  newNonce,
  TimeStampRefusedError,
  timeStampRequest,
} from './tsp';
import { TimeStampReq, TimeStampResp, TSTInfo } from './tsp.asn1';

const record: LocalPkiRecord = { _id: 'unit', ...generateLocalPki() };
const pki = openLocalPki(record);
const digestOf = (text: string) => createHash('sha256').update(text).digest();

function ask(authority = pki.authority, text = 'signature value') {
  const digest = digestOf(text);
  const nonce = newNonce();
  const response = authority.respond(timeStampRequest(digest, nonce));
  return { digest, nonce, response };
}

function tstInfoOf(response: Buffer): TSTInfo {
  const token = AsnConvert.parse(response, TimeStampResp).timeStampToken!;
  const signedData = AsnConvert.parse(token.content, SignedData);
  return AsnConvert.parse(signedData.encapContentInfo.eContent!.single!.buffer, TSTInfo);
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TimeStampRefusedError);
    return (error as Error).message;
  }
  throw new Error('the answer was accepted');
}

describe('the local RFC 3161 time-stamp authority and the checks of every answer', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'prosign-tsa-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('grants a token: policy, unique serial, genTime, the nonce and imprint sent, ESSCertIDv2 signer', () => {
    const before = Date.now();
    const { digest, nonce, response } = ask();
    const info = checkTimeStampResponse(response, { digest, nonce });
    expect(info.policy).toBe(LOCAL_TSA_POLICY);
    expect(info.genTime.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(info.genTime.getTime()).toBeLessThanOrEqual(Date.now());
    expect(info.tsa).toMatch(/CN=ProSign Local Time-Stamp Authority [0-9a-f]{6}/);

    const tstInfo = tstInfoOf(response);
    expect(Buffer.from(tstInfo.nonce!).equals(nonce)).toBe(true);
    expect(Buffer.from(tstInfo.messageImprint.hashedMessage).equals(digest)).toBe(true);
    expect(tstInfo.accuracy?.seconds).toBe(1);
    expect(ask().response.equals(response)).toBe(false);
    const serials = new Set(
      Array.from({ length: 20 }, () =>
        Buffer.from(tstInfoOf(ask().response).serialNumber).toString('hex'),
      ),
    );
    expect(serials.size).toBe(20);
  });

  it('OpenSSL verifies the answer against the local root, and the request it makes is answered', () => {
    const data = join(dir, 'data.bin');
    writeFileSync(data, 'the signature value');
    writeFileSync(join(dir, 'root.pem'), record.rootCertificatePem);
    // OpenSSL's own request (its nonce, SHA-256, certReq) to our TSA, and its verification.
    execFileSync('openssl', [
      'ts',
      '-query',
      '-data',
      data,
      '-sha256',
      '-cert',
      '-out',
      join(dir, 'q.tsq'),
    ]);
    const query = readFileSync(join(dir, 'q.tsq'));
    writeFileSync(join(dir, 'r.tsr'), pki.authority.respond(query));
    const verified = execFileSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-queryfile',
        join(dir, 'q.tsq'),
        '-in',
        join(dir, 'r.tsr'),
        '-CAfile',
        join(dir, 'root.pem'),
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(verified).toContain('Verification: OK');
    const text = execFileSync('openssl', ['ts', '-reply', '-in', join(dir, 'r.tsr'), '-text'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Status: Granted.');
    expect(text).toContain(`Policy OID: ${LOCAL_TSA_POLICY}`);
    expect(text).toMatch(/Nonce: 0x[0-9A-F]+/);
    expect(text).toContain('Accuracy: 0x01 seconds');
  });

  it('asks with a TimeStampReq OpenSSL reads: version 1, the SHA-256 imprint, the nonce, certReq', () => {
    const digest = digestOf('asked');
    const nonce = newNonce();
    const request = timeStampRequest(digest, nonce);
    const parsed = AsnConvert.parse(request, TimeStampReq);
    expect(parsed.version).toBe(1);
    expect(parsed.certReq).toBe(true);
    expect(Buffer.from(parsed.nonce!).equals(nonce)).toBe(true);
    expect(Buffer.from(parsed.messageImprint.hashedMessage).equals(digest)).toBe(true);
    writeFileSync(join(dir, 'ours.tsq'), request);
    const text = execFileSync('openssl', ['ts', '-query', '-in', join(dir, 'ours.tsq'), '-text'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Hash Algorithm: sha256');
    expect(text).toContain(`Message data:`);
    expect(text).toContain('Certificate required: yes');
    expect(text).toMatch(/Nonce: 0x[0-9A-F]+/);
  });

  it('checks a token OpenSSL’s own TSA issued (ESSCertID v1, milliseconds, accuracy, ordering, TSA name), and refuses it for another hash', () => {
    const at = (name: string) => join(dir, `openssl-tsa-${name}`);
    writeFileSync(at('serial'), '01\n');
    writeFileSync(
      at('cnf'),
      [
        '[ tsa ]',
        'default_tsa = tsa1',
        '[ tsa1 ]',
        `serial = ${at('serial')}`,
        `signer_cert = ${at('crt')}`,
        `certs = ${at('crt')}`,
        `signer_key = ${at('key')}`,
        'signer_digest = sha256',
        'default_policy = 1.2.3.4.1',
        'digests = sha256',
        'accuracy = secs:1, millisecs:500',
        'clock_precision_digits = 3',
        'ordering = yes',
        'tsa_name = yes',
        'ess_cert_id_alg = sha1',
        '',
      ].join('\n'),
    );
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('key'), '-out', at('crt')]
        .concat(['-subj', '/CN=OpenSSL Test TSA', '-days', '2'])
        .concat(['-addext', 'extendedKeyUsage=critical,timeStamping']),
      { stdio: 'pipe' },
    );
    writeFileSync(at('data'), 'a signature value');
    execFileSync('openssl', [
      'ts',
      '-query',
      '-data',
      at('data'),
      '-sha256',
      '-cert',
      '-out',
      at('tsq'),
    ]);
    execFileSync(
      'openssl',
      ['ts', '-reply', '-config', at('cnf'), '-queryfile', at('tsq'), '-out', at('tsr')],
      { stdio: 'pipe' },
    );
    const request = AsnConvert.parse(readFileSync(at('tsq')), TimeStampReq);
    const nonce = Buffer.from(request.nonce!);
    const digest = digestOf('a signature value');
    const checked = checkTimeStampResponse(readFileSync(at('tsr')), { digest, nonce });
    expect(checked.policy).toBe('1.2.3.4.1');
    expect(checked.tsa).toBe('CN=OpenSSL Test TSA');
    expect(Math.abs(checked.genTime.getTime() - Date.now())).toBeLessThan(60_000);
    expect(
      refusal(() =>
        checkTimeStampResponse(readFileSync(at('tsr')), { digest: digestOf('other'), nonce }),
      ),
    ).toBe('the imprint is not the hash sent');
  });

  it('issues the TSA certificate (critical timeStamping key usage) and the seal certificate under one root', () => {
    const root = new X509Certificate(record.rootCertificatePem);
    const tsa = new X509Certificate(record.tsaCertificatePem);
    expect(tsa.checkIssued(root) && tsa.verify(root.publicKey)).toBe(true);
    expect(root.ca).toBe(true);
    writeFileSync(join(dir, 'tsa.pem'), record.tsaCertificatePem);
    const printed = execFileSync(
      'openssl',
      ['x509', '-in', join(dir, 'tsa.pem'), '-noout', '-text'],
      {
        encoding: 'utf8',
      },
    );
    expect(printed).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping/);

    const seal = issueSealP12(record, 'ProSign Seal (unit)');
    writeFileSync(join(dir, 'seal.p12'), Buffer.from(seal.p12Base64, 'base64'));
    const certs = execFileSync(
      'openssl',
      [
        'pkcs12',
        '-in',
        join(dir, 'seal.p12'),
        '-nokeys',
        '-passin',
        `pass:${seal.passphrase}`,
        '-legacy',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const [sealPem] = certs.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;
    const sealCertificate = new X509Certificate(sealPem);
    expect(sealCertificate.subject).toContain('CN=ProSign Seal (unit)');
    expect(sealCertificate.checkIssued(root) && sealCertificate.verify(root.publicKey)).toBe(true);
  });

  it('refuses an answer whose nonce is not the one sent', () => {
    const { digest, response } = ask();
    expect(refusal(() => checkTimeStampResponse(response, { digest, nonce: newNonce() }))).toBe(
      'the nonce is not the one sent',
    );
  });

  it('refuses an answer whose imprint is not the hash sent', () => {
    const { nonce, response } = ask(pki.authority, 'what the TSA saw');
    expect(
      refusal(() => checkTimeStampResponse(response, { digest: digestOf('what we sent'), nonce })),
    ).toBe('the imprint is not the hash sent');
  });

  it('refuses a token whose signature does not verify', () => {
    const { digest, nonce, response } = ask();
    // The SignerInfo's signature is the token's, and the answer's, last bytes.
    const tampered = Buffer.from(response);
    tampered[tampered.length - 1] ^= 0x01;
    expect(refusal(() => checkTimeStampResponse(tampered, { digest, nonce }))).toBe(
      'the token’s signature does not verify',
    );
  });

  it('refuses a token whose TSTInfo was changed after signing', () => {
    const { digest, nonce, response } = ask();
    const token = Buffer.from(
      AsnConvert.serialize(AsnConvert.parse(response, TimeStampResp).timeStampToken!),
    );
    // Another imprint in the signed TSTInfo: it no longer matches the signed digest.
    const tampered = Buffer.from(token);
    tampered[tampered.indexOf(digest)] ^= 0x01;
    const other = Buffer.from(digest);
    other[0] ^= 0x01;
    expect(refusal(() => checkTimeStampToken(tampered, { digest: other, nonce }))).toBe(
      'the signed digest is not the TSTInfo’s',
    );
  });

  it('refuses a token signed by a certificate without the timeStamping key usage', () => {
    // The root signs as a TSA: a valid signature, but not a TSA's certificate.
    const impostor = new LocalTimeStampAuthority(pki.root.key, pki.root.der);
    const { digest, nonce, response } = ask(impostor);
    expect(refusal(() => checkTimeStampResponse(response, { digest, nonce }))).toBe(
      'the signer’s certificate lacks the timeStamping extended key usage',
    );
  });

  it('refuses a rejection, an empty or foreign answer, and rejects bad requests with the reason', () => {
    const { digest, nonce } = ask();
    const sha1Request = Buffer.from(timeStampRequest(digest, nonce));
    // Swap the SHA-256 OID for SHA-1's (same request otherwise): badAlg.
    const sha256Oid = Buffer.from('0609608648016503040201', 'hex');
    const at = sha1Request.indexOf(sha256Oid);
    const badAlg = Buffer.concat([
      sha1Request.subarray(0, at),
      Buffer.from('06052b0e03021a', 'hex'),
      sha1Request.subarray(at + sha256Oid.length),
    ]);
    // The lengths of the request, its imprint and the algorithm identifier.
    badAlg[1] -= 4;
    badAlg[6] -= 4;
    badAlg[8] -= 4;
    const rejected = pki.authority.respond(badAlg);
    expect(refusal(() => checkTimeStampResponse(rejected, { digest, nonce }))).toBe(
      'the TSA did not grant the time-stamp: status 2 (the imprint must be SHA-256, SHA-384 or SHA-512)',
    );
    const garbage = pki.authority.respond(Buffer.from('not a request'));
    expect(AsnConvert.parse(garbage, TimeStampResp).status.status).toBe(2);
    expect(refusal(() => checkTimeStampResponse(Buffer.from('<html>'), { digest, nonce }))).toBe(
      'the answer is not a TimeStampResp',
    );
    const otherPolicy = pki.authority.respond(timeStampRequest(digest, nonce, '1.2.3.4'));
    expect(AsnConvert.parse(otherPolicy, TimeStampResp).status.statusString).toEqual([
      `the policy is ${LOCAL_TSA_POLICY}`,
    ]);
    // A token that is not a SignedData.
    const notSigned = Buffer.from(
      AsnConvert.serialize(
        new ContentInfo({
          contentType: '1.2.840.113549.1.7.1',
          content: new Uint8Array([4, 0]).buffer,
        }),
      ),
    );
    expect(refusal(() => checkTimeStampToken(notSigned, { digest }))).toBe(
      'the token is not a CMS SignedData',
    );
  });
});
