import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AuthorityKeyIdentifier,
  Certificate,
  CertificateList,
  CRLDistributionPoints,
  CRLNumber,
  Extension,
  id_ce_authorityKeyIdentifier,
  id_ce_cRLDistributionPoints,
  id_ce_cRLNumber,
  id_ce_subjectKeyIdentifier,
  KeyIdentifier,
  SubjectKeyIdentifier,
  TBSCertList,
  Time,
  Version,
} from '@peculiar/asn1-x509';
import { sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { arrayBuffer } from './cms';

/**
 * Revocation data for long-term validation (PAdES B-LT): the CRL that says a
 * certificate was not revoked, from its issuer. Certificates of the local root
 * get the root's own CRL in process; any other certificate's comes from the
 * HTTP distribution points it names (RFC 5280 §4.2.1.13), within a timeout.
 */

/** Injection token of the revocation source the sealer asks. */
export const REVOCATION_PORT = Symbol('REVOCATION_PORT');

export interface RevocationPort {
  /**
   * The DER CRLs covering `certificate` (issued by `issuer`); none when it names no
   * distribution point. Throws RevocationUnavailableError when one is named and none answered.
   */
  crlsFor(certificate: X509Certificate, issuer: X509Certificate): Promise<Buffer[]>;
}

/** A certificate names where its CRL is, and nothing could be had from there. */
export class RevocationUnavailableError extends Error {}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
/** The CRL signature algorithms checked here (RSA PKCS#1 v1.5 and ECDSA), by OID. */
const HASH_OF_SIGNATURE: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

/** The extension `oid` of a certificate, parsed as `type`, if it has it. */
function extensionOf<T>(certificateDer: Buffer, oid: string, type: new () => T): T | undefined {
  const extension = AsnConvert.parse(certificateDer, Certificate).tbsCertificate.extensions?.find(
    (candidate) => candidate.extnID === oid,
  );
  return extension ? AsnConvert.parse(extension.extnValue, type) : undefined;
}

/** The http(s) URLs of a certificate's CRL distribution points (LDAP and others are skipped). */
export function crlDistributionPointUrls(certificate: X509Certificate): string[] {
  const points = extensionOf(certificate.raw, id_ce_cRLDistributionPoints, CRLDistributionPoints);
  return (points ?? [])
    .flatMap((point) => point.distributionPoint?.fullName ?? [])
    .flatMap((name) => (name.uniformResourceIdentifier ? [name.uniformResourceIdentifier] : []))
    .filter((url) => /^https?:\/\//i.test(url));
}

/**
 * A CRL (v2, SHA-256 with RSA) issued by `issuer`, listing `revokedSerials` (none:
 * the local root has never revoked anything), valid from `now` for `validityMs`;
 * its number is the issue time in seconds, so later CRLs have larger numbers.
 */
export function issueCrl(
  issuer: { key: KeyObject; der: Buffer },
  now: Date,
  validityMs: number,
): Buffer {
  const issuerCertificate = AsnConvert.parse(issuer.der, Certificate);
  const subjectKeyId = extensionOf(issuer.der, id_ce_subjectKeyIdentifier, SubjectKeyIdentifier);
  const algorithm = new AlgorithmIdentifier({ algorithm: SHA256_WITH_RSA, parameters: null });
  const thisUpdate = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const tbs = new TBSCertList({
    version: Version.v2,
    signature: algorithm,
    issuer: issuerCertificate.tbsCertificate.subject,
    thisUpdate: new Time(thisUpdate),
    nextUpdate: new Time(new Date(thisUpdate.getTime() + validityMs)),
    crlExtensions: [
      ...(subjectKeyId
        ? [
            new Extension({
              extnID: id_ce_authorityKeyIdentifier,
              critical: false,
              extnValue: new OctetString(
                AsnConvert.serialize(
                  new AuthorityKeyIdentifier({
                    keyIdentifier: new KeyIdentifier(subjectKeyId.buffer),
                  }),
                ),
              ),
            }),
          ]
        : []),
      new Extension({
        extnID: id_ce_cRLNumber,
        critical: false,
        extnValue: new OctetString(
          AsnConvert.serialize(new CRLNumber(Math.floor(thisUpdate.getTime() / 1000))),
        ),
      }),
    ],
  });
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  return Buffer.from(
    AsnConvert.serialize(
      new CertificateList({
        tbsCertList: tbs,
        signatureAlgorithm: algorithm,
        signature: arrayBuffer(sign('sha256', tbsDer, issuer.key)),
      }),
    ),
  );
}

/** A DER CRL from a body that may be DER or PEM (`-----BEGIN X509 CRL-----`). */
function crlDer(body: Buffer): Buffer {
  const text = body.subarray(0, 64).toString('latin1');
  if (!text.includes('-----BEGIN')) return body;
  const base64 = body
    .toString('latin1')
    .replace(/-----(BEGIN|END)[^-]+-----/g, '')
    .replace(/\s+/g, '');
  return Buffer.from(base64, 'base64');
}

/** The CRL's issuer is `issuer` and its signature verifies with the issuer's key. */
export function crlIssuedBy(crl: Buffer, issuer: X509Certificate): boolean {
  try {
    const list = AsnConvert.parse(crl, CertificateList);
    const tbsDer = Buffer.from(list.tbsCertListRaw ?? AsnConvert.serialize(list.tbsCertList));
    const issuerName = Buffer.from(AsnConvert.serialize(list.tbsCertList.issuer));
    const subject = Buffer.from(
      AsnConvert.serialize(AsnConvert.parse(issuer.raw, Certificate).tbsCertificate.subject),
    );
    if (!issuerName.equals(subject)) return false;
    const hash = HASH_OF_SIGNATURE[list.signatureAlgorithm.algorithm];
    if (!hash) return false;
    return verify(hash, tbsDer, issuer.publicKey, Buffer.from(list.signature));
  } catch {
    return false;
  }
}

/**
 * CRLs fetched from each certificate's own distribution points over HTTP, each URL
 * within `timeoutMs`, the first that answers with a CRL of the right issuer winning.
 */
export class HttpRevocationSource implements RevocationPort {
  constructor(private readonly timeoutMs: number) {}

  async crlsFor(certificate: X509Certificate, issuer: X509Certificate): Promise<Buffer[]> {
    const urls = crlDistributionPointUrls(certificate);
    if (urls.length === 0) return [];
    const failures: string[] = [];
    for (const url of urls) {
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
        if (!answer.ok) {
          failures.push(`${url}: answered HTTP ${answer.status}`);
          continue;
        }
        const crl = crlDer(Buffer.from(await answer.arrayBuffer()));
        if (!crlIssuedBy(crl, issuer)) {
          failures.push(`${url}: not a CRL signed by ${issuer.subject.replace(/\n/g, ', ')}`);
          continue;
        }
        return [crl];
      } catch (error) {
        const name = (error as Error).name;
        failures.push(
          `${url}: ${name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : 'unreachable'}`,
        );
      }
    }
    throw new RevocationUnavailableError(
      `No CRL for ${certificate.subject.replace(/\n/g, ', ')}: ${failures.join('; ')}`,
    );
  }
}
