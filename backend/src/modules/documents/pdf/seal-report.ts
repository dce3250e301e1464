import { AsnConvert } from '@peculiar/asn1-schema';
import { CertificateList } from '@peculiar/asn1-x509';
import type { SealLevel, VerifySealChain, VerifySealReport } from '@prosign/domain';
import { createHash } from 'node:crypto';
import { derElements, x509Of } from '../../../integrations/timestamp';
import { chainReport } from './seal-chains';
import {
  checkedTimestamp,
  commonName,
  parseSeal,
  timestampClaim,
  type CheckedTimestamp,
  type ParsedSeal,
} from './seal-cms';
import { onlyValidationData, storedValidationData, type StoredValidationData } from './seal-dss';
import { signaturesOf, type FoundSignature } from './seal-signatures';

/**
 * What a sealed PDF carries, read from its bytes alone (the verify page): its
 * signatures (a text scan for /ByteRange, as readers find them), the seal's CMS
 * (@peculiar/asn1-cms) checked against the bytes it covers, its signature time-stamp and every
 * document time-stamp (checked as the sealer checks an authority's answer), the document
 * security store (a minimal reader of its objects: pdf-lib would parse the whole file), its
 * CRLs (@peculiar/asn1-x509, signatures checked by node:crypto), and the chains of the seal and of the time-stamp authority, each certificate
 * checked at the authority's time. The level is the highest of ETSI EN 319 142-1's whose every
 * requirement holds (README "Time-stamps"). Never throws: a file that is not what it should be
 * says so in `problems`.
 */
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
