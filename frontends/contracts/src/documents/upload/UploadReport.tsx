import type { UploadedPdf } from './upload-pdf';

interface UploadReportProps {
  uploaded: UploadedPdf;
  onContinue: () => void;
  onCancel: () => void;
  /** While the builder is being opened: continuing again would make a second draft. */
  busy?: boolean;
}

/**
 * What the intake found and changed: the fields, the active content taken out, and the
 * warnings (a signed PDF whose signatures sealing invalidates) — continue or cancel.
 */
export function UploadReport({ uploaded, onContinue, onCancel, busy = false }: UploadReportProps) {
  return (
    <section className="ps-doc-report" aria-labelledby="ps-doc-report-title">
      <h2 id="ps-doc-report-title">{uploaded.fileName}</h2>
      <p>
        {uploaded.pageCount} {uploaded.pageCount === 1 ? 'page' : 'pages'}. {uploaded.report}
      </p>
      {uploaded.removed.length > 0 ? (
        <>
          <h3>Removed from the file</h3>
          <ul>
            {uploaded.removed.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {uploaded.warnings.length > 0 ? (
        <div className="ps-doc-report__warnings" role="alert">
          <h3>Before you continue</h3>
          <ul>
            {uploaded.warnings.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="ps-doc-report__actions">
        <button
          type="button"
          className="ps-button ps-button--primary"
          onClick={onContinue}
          disabled={busy}
        >
          {uploaded.warnings.length > 0 ? 'Continue anyway' : 'Place fields'}
        </button>
        <button type="button" className="ps-button" onClick={onCancel}>
          Cancel and upload another
        </button>
      </div>
    </section>
  );
}
