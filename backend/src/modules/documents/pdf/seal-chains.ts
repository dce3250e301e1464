// The certificate chains of the seal and of the time-stamp authority, each certificate checked
// at the authority's time against the CRLs the file holds.
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, type CertificateList } from '@peculiar/asn1-x509';
import {
  LOCAL_ROOT_NAME_PREFIX,
  type VerifySealCertificate,
  type VerifySealChain,
} from '@prosign/domain';
import { verify, type X509Certificate } from 'node:crypto';
import { isIssuedBy, x509Of } from '../../../integrations/timestamp';
import { commonName, SIGNATURE_HASH } from './seal-cms';

/** A CRL of the DSS, parsed, with its signed part as the bytes it is. */
export interface StoredCrl {
  list: CertificateList;
  tbsDer: Buffer;
}

/**
 * The chain from `leaf` up through the certificates the file holds, each checked at `at`: inside
 * its validity, signed by the next (a root by itself), and not revoked by a CRL of its issuer.
 */
export function chainReport(
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
