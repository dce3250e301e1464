import type { VerifySealCertificate, VerifySealReport } from '@prosign/domain';

const ROOT = 'ProSign Local Root CA 3f2a91';
const AT = '2026-11-27T18:42:13.000Z';

function certificate(overrides: Partial<VerifySealCertificate>): VerifySealCertificate {
  return {
    subject: 'ProSign Document Seal (local)',
    issuer: ROOT,
    notBefore: '2026-01-02T00:00:00.000Z',
    notAfter: '2036-01-02T00:00:00.000Z',
    validAtTime: true,
    revocation: 'good',
    selfSigned: false,
    localRoot: false,
    ...overrides,
  };
}

const root = certificate({
  subject: ROOT,
  issuer: ROOT,
  notAfter: '2046-01-02T00:00:00.000Z',
  revocation: 'root',
  selfSigned: true,
  localRoot: true,
});

/** A B-LTA seal by the local stack, as GET /api/verify/{id} reports it. */
export function sealReport(overrides: Partial<VerifySealReport> = {}): VerifySealReport {
  return {
    found: true,
    intact: true,
    level: 'B-LTA',
    signer: 'ProSign Document Seal (local)',
    timestampedAt: AT,
    timestampAuthority: 'ProSign Local TSA',
    claimedAt: '2026-11-27T18:42:12.000Z',
    dss: { certificates: 3, crls: 1, ocsps: 0, vri: 1 },
    documentTimestamps: [
      { at: '2026-11-27T18:42:14.000Z', authority: 'ProSign Local TSA', valid: true },
    ],
    chains: [
      { role: 'seal', checkedAt: AT, complete: true, certificates: [certificate({}), root] },
      {
        role: 'timestamp',
        checkedAt: AT,
        complete: true,
        certificates: [certificate({ subject: 'ProSign Local TSA' }), root],
      },
    ],
    localRoot: true,
    changedAfterSealing: false,
    problems: [],
    ...overrides,
  };
}
