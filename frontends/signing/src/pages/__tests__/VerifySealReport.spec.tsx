import { render, screen, within } from '@testing-library/react';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { SEAL_REPORT_TEXTS, SealReportDetails } from '../VerifySealReport';
import { sealReport } from '../../test-support/verify-seal-fixtures';

function renderReport(report = sealReport()) {
  return render(
    <main>
      <section aria-labelledby="seal">
        <h2 id="seal">Seal</h2>
        <SealReportDetails report={report} idPrefix="t" />
      </section>
    </main>,
  );
}

describe('SealReportDetails', () => {
  it('says when the time-stamp authority says it was signed, the level in words, and who sealed it', () => {
    renderReport();
    expect(screen.getByText('Signed at').nextElementSibling).toHaveTextContent(
      '2026-11-27 10:42:13 PST (time from ProSign Local TSA)',
    );
    expect(screen.getByTestId('seal-level')).toHaveTextContent(
      'PAdES B-LTA — long-term validation data and an archive time-stamp are in the file',
    );
    expect(screen.getByText('Sealed by').nextElementSibling).toHaveTextContent(
      'ProSign Document Seal (local)',
    );
    expect(screen.getByText('Validation data').nextElementSibling).toHaveTextContent(
      '3 certificates, 1 revocation list',
    );
    expect(screen.getByText('Archive time-stamps').nextElementSibling).toHaveTextContent(
      '2026-11-27 10:42:14 PST (ProSign Local TSA)',
    );
  });

  it('lists each chain under its heading, leaf first, each certificate with a valid-at-that-time badge', () => {
    renderReport();
    const seal = screen.getByRole('list', { name: 'Seal certificate chain' });
    const items = within(seal).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('ProSign Document Seal (local)');
    expect(items[0]).toHaveTextContent('Valid at that time');
    expect(items[0]).toHaveTextContent('Issued by ProSign Local Root CA 3f2a91');
    expect(items[0]).toHaveTextContent('valid January 1, 2026 to January 1, 2036');
    expect(items[1]).toHaveTextContent(
      'Valid January 1, 2026 to January 1, 2046; root certificate (self-signed)',
    );
    expect(screen.getByRole('heading', { name: 'Time-stamp authority chain', level: 3 }));
    expect(screen.getAllByText(/Each certificate checked at 2026-11-27 10:42:13 PST/)).toHaveLength(
      2,
    );
  });

  it('explains plainly what a chain ending in the local root means', () => {
    renderReport();
    expect(screen.getByTestId('local-root-note')).toHaveTextContent(
      "This seal is made with ProSign's own certificate authority. It proves the file is unchanged since sealing and when it was sealed; PDF readers that don't know this authority show the signer as 'unknown'.",
    );
  });

  it('says nothing of the local root for a chain to another root', () => {
    renderReport(sealReport({ localRoot: false }));
    expect(screen.queryByTestId('local-root-note')).not.toBeInTheDocument();
  });

  it('B-B: the time is the server’s own claim, not an authority’s', () => {
    renderReport(
      sealReport({
        level: 'B-B',
        timestampedAt: null,
        timestampAuthority: null,
        dss: null,
        documentTimestamps: [],
      }),
    );
    expect(screen.getByText('Signed at').nextElementSibling).toHaveTextContent(
      `2026-11-27 10:42:12 PST (${SEAL_REPORT_TEXTS.serverClock})`,
    );
    expect(screen.getByTestId('seal-level')).toHaveTextContent('PAdES B-B —');
    expect(screen.queryByText('Archive time-stamps')).not.toBeInTheDocument();
  });

  it('a seal that does not hold: no level, the problems listed, the failing certificate marked', () => {
    const report = sealReport({ intact: false, level: null });
    report.chains[0].certificates[0] = {
      ...report.chains[0].certificates[0],
      validAtTime: false,
      revocation: 'revoked',
    };
    report.problems = [
      'The file was changed after it was sealed: the sealed bytes do not match.',
      'ProSign Document Seal (local) was revoked at that time.',
    ];
    renderReport(report);
    expect(screen.getByTestId('seal-level')).toHaveTextContent('none — the seal does not hold');
    expect(screen.getByText(/sealed bytes do not match/)).toBeInTheDocument();
    const [leaf] = within(
      screen.getByRole('list', { name: 'Seal certificate chain' }),
    ).getAllByRole('listitem');
    expect(leaf).toHaveTextContent('Not valid at that time');
    expect(leaf).toHaveTextContent('revoked');
  });

  it('a file with no seal says so', () => {
    renderReport(sealReport({ found: false, level: null, chains: [], localRoot: false }));
    expect(screen.getByText('No seal was found in this file.')).toBeInTheDocument();
    expect(screen.queryByTestId('seal-report')).not.toBeInTheDocument();
  });

  it('has no serious axe violation', async () => {
    renderReport();
    await expectNoSeriousAxeViolations();
  });
});
