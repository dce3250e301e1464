import { formatPacificDateTime, type AccessAuditEntry } from '@prosign/domain';
import { ErrorPanel, LoadingState } from '@prosign/ui';
import { describeChange } from '../utils/describe-change';

interface ChangeHistoryProps {
  entries: AccessAuditEntry[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The record of changes to users, roles and flags: who, what, when (and from where). */
export function ChangeHistory({ entries, loading, error, onRetry }: ChangeHistoryProps) {
  return (
    <section className="ps-card ua-history" aria-labelledby="ua-history-title">
      <h2 id="ua-history-title" className="ua-section-title">
        Change history
      </h2>
      {loading ? (
        <LoadingState label="Loading the change history…" />
      ) : error ? (
        <ErrorPanel title="The change history could not be loaded." onRetry={onRetry} />
      ) : !entries || entries.length === 0 ? (
        <p className="ua-empty">No changes recorded yet.</p>
      ) : (
        <ol className="ua-history__list">
          {entries.map((entry) => (
            <li key={entry.id} className="ua-history__entry">
              <time dateTime={entry.at} className="ua-history__time">
                {formatPacificDateTime(entry.at)}
              </time>
              <span>
                <strong>{entry.actor}</strong> {describeChange(entry)}
                {entry.ip ? <span className="ua-history__ip"> (from {entry.ip})</span> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
