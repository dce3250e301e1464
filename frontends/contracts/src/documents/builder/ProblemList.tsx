import type { PlacementIssue } from './placement-issues';

interface ProblemListProps {
  issues: readonly PlacementIssue[];
  onShowField: (id: string) => void;
}

/** What stops the send, each problem of a field or a signer's input a link to it. */
export function ProblemList({ issues, onShowField }: ProblemListProps) {
  return (
    <section className="ps-doc-problems" aria-labelledby="ps-doc-problems-title">
      <h3 id="ps-doc-problems-title">
        {issues.length === 0 ? 'Ready to send' : `Before sending (${issues.length})`}
      </h3>
      {issues.length === 0 ? (
        <p>
          Every signer is named, with an e-mail and a signature field, and every field is in order.
        </p>
      ) : (
        <ul>
          {issues.map((issue, index) => (
            <li key={`${index}-${issue.message}`}>
              {issue.inputId ? (
                <a
                  href={`#${issue.inputId}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(issue.inputId!)?.focus();
                  }}
                >
                  {issue.message}
                </a>
              ) : issue.fieldId ? (
                <a
                  href={`#placed-${issue.fieldId}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onShowField(issue.fieldId!);
                  }}
                >
                  {issue.message}
                </a>
              ) : (
                issue.message
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
