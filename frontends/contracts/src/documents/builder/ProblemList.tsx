import type { PlacementIssue } from './placement-issues';

interface ProblemListProps {
  issues: readonly PlacementIssue[];
  onShowField: (id: string) => void;
}

/** What stops the send, each problem of a field a link to it. */
export function ProblemList({ issues, onShowField }: ProblemListProps) {
  return (
    <section className="ps-doc-problems" aria-labelledby="ps-doc-problems-title">
      <h3 id="ps-doc-problems-title">
        {issues.length === 0 ? 'Ready to send' : `Before sending (${issues.length})`}
      </h3>
      {issues.length === 0 ? (
        <p>Every signer has a signature field and every field is in order.</p>
      ) : (
        <ul>
          {issues.map((issue, index) => (
            <li key={`${index}-${issue.message}`}>
              {issue.fieldId ? (
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
