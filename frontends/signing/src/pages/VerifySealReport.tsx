import {
  formatPacificDate,
  formatPacificTimestamp,
  SEAL_LEVEL_DESCRIPTIONS,
  type VerifySealCertificate,
  type VerifySealChain,
  type VerifySealReport,
} from '@prosign/domain';
import './verify-seal.css';

export const SEAL_REPORT_TEXTS = {
  noSeal: 'No seal was found in this file.',
  noLevel: 'none — the seal does not hold',
  serverClock: 'the server’s own clock: no time-stamp authority vouches for it',
  validAtTime: 'Valid at that time',
  notValidAtTime: 'Not valid at that time',
  localRootNote:
    "This seal is made with ProSign's own certificate authority. It proves the file is unchanged since sealing and when it was sealed; PDF readers that don't know this authority show the signer as 'unknown'.",
  chainTitles: {
    seal: 'Seal certificate chain',
    timestamp: 'Time-stamp authority chain',
  },
  revocation: {
    good: 'not revoked (its revocation list is in the file)',
    revoked: 'revoked',
    unknown: 'revocation not recorded in the file',
    root: 'root certificate (self-signed)',
  },
} as const;

/** When it was signed, and whose clock says so. */
function signedAtText(report: VerifySealReport): string | null {
  if (report.timestampedAt) {
    return `${formatPacificTimestamp(report.timestampedAt)} (time from ${report.timestampAuthority ?? 'a time-stamp authority'})`;
  }
  if (report.claimedAt) {
    return `${formatPacificTimestamp(report.claimedAt)} (${SEAL_REPORT_TEXTS.serverClock})`;
  }
  return null;
}

/** "Level: PAdES B-LTA — long-term validation data and an archive time-stamp are in the file". */
function sealLevelText(report: VerifySealReport): string {
  return report.level
    ? `PAdES ${report.level} — ${SEAL_LEVEL_DESCRIPTIONS[report.level]}`
    : SEAL_REPORT_TEXTS.noLevel;
}

function dssText(dss: NonNullable<VerifySealReport['dss']>): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [count(dss.certificates, 'certificate', 'certificates')];
  parts.push(count(dss.crls, 'revocation list', 'revocation lists'));
  if (dss.ocsps) parts.push(count(dss.ocsps, 'OCSP answer', 'OCSP answers'));
  return parts.join(', ');
}

/** "Issued by …; valid … to …; not revoked (…)" — a root says who it is instead of its issuer. */
function certificateDetails(certificate: VerifySealCertificate): string {
  const period = `valid ${formatPacificDate(certificate.notBefore)} to ${formatPacificDate(certificate.notAfter)}`;
  const parts = certificate.selfSigned ? [period] : [`Issued by ${certificate.issuer}`, period];
  parts.push(SEAL_REPORT_TEXTS.revocation[certificate.revocation]);
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function CertificateItem({ certificate }: { certificate: VerifySealCertificate }) {
  const valid = certificate.validAtTime;
  return (
    <li className="vs-cert" data-testid="seal-certificate">
      <span className="vs-cert__head">
        <span className="vs-cert__name">{certificate.subject}</span>
        <span className={`vs-badge vs-badge--${valid ? 'valid' : 'invalid'}`}>
          <span aria-hidden="true">{valid ? '✓' : '✕'}</span>{' '}
          {valid ? SEAL_REPORT_TEXTS.validAtTime : SEAL_REPORT_TEXTS.notValidAtTime}
        </span>
      </span>
      <span className="vs-cert__meta">{certificateDetails(certificate)}</span>
    </li>
  );
}

function ChainList({
  chain,
  headingId,
  Heading,
}: {
  chain: VerifySealChain;
  headingId: string;
  Heading: 'h3' | 'h4';
}) {
  return (
    <div className="vs-chain">
      <Heading id={headingId} className="vs-chain__title">
        {SEAL_REPORT_TEXTS.chainTitles[chain.role]}
      </Heading>
      {chain.checkedAt ? (
        <p className="vs-chain__time">
          Each certificate checked at {formatPacificTimestamp(chain.checkedAt)}.
        </p>
      ) : null}
      <ol className="vs-chain__list" aria-labelledby={headingId}>
        {chain.certificates.map((certificate, index) => (
          <CertificateItem key={index} certificate={certificate} />
        ))}
      </ol>
    </div>
  );
}

/**
 * What a sealed PDF carries: when a time-stamp authority says it was signed,
 * the PAdES level reached, the chains with each certificate checked at that time, what does not
 * hold, and what ProSign's own local root means. The page's stored copy and an uploaded file
 * show the same.
 */
export function SealReportDetails({
  report,
  idPrefix,
  headingLevel = 3,
}: {
  report: VerifySealReport;
  idPrefix: string;
  /** The chains' headings: h3 under the page's Seal section, h4 inside the upload result. */
  headingLevel?: 3 | 4;
}) {
  if (!report.found) return <p className="vs-line">{SEAL_REPORT_TEXTS.noSeal}</p>;
  const signedAt = signedAtText(report);
  return (
    <div className="vs-report" data-testid="seal-report" data-level={report.level ?? 'none'}>
      <dl className="vs-facts">
        {signedAt ? (
          <>
            <dt>Signed at</dt>
            <dd>{signedAt}</dd>
          </>
        ) : null}
        <dt>Level</dt>
        <dd data-testid="seal-level">{sealLevelText(report)}</dd>
        {report.signer ? (
          <>
            <dt>Sealed by</dt>
            <dd>{report.signer}</dd>
          </>
        ) : null}
        {report.dss ? (
          <>
            <dt>Validation data</dt>
            <dd>{dssText(report.dss)}</dd>
          </>
        ) : null}
        {report.documentTimestamps.length ? (
          <>
            <dt>Archive time-stamps</dt>
            <dd>
              <ul className="vs-stamps">
                {report.documentTimestamps.map((stamp, index) => (
                  <li key={index}>
                    {formatPacificTimestamp(stamp.at)} ({stamp.authority})
                    {stamp.valid ? '' : ' — does not verify'}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      {report.problems.length ? (
        <ul className="sg-verify__result sg-verify__result--mismatch vs-problems">
          {report.problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {report.chains.map((chain) => (
        <ChainList
          key={chain.role}
          chain={chain}
          headingId={`${idPrefix}-${chain.role}-chain`}
          Heading={headingLevel === 3 ? 'h3' : 'h4'}
        />
      ))}
      {report.localRoot ? (
        <p className="vs-note" data-testid="local-root-note">
          {SEAL_REPORT_TEXTS.localRootNote}
        </p>
      ) : null}
    </div>
  );
}
