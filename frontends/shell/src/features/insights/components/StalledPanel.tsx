import { useRemindStalled } from '@prosign/api-client';
import {
  INSIGHTS_MAX_STALLED_DAYS,
  type StalledFigures,
  type StalledAgreement,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatCell } from '../utils/chart-table';
import { csvHref } from '../utils/csv';
import { stalledTable } from '../utils/insights-tables';
import { INSIGHTS_TEXTS as T } from '../utils/insights-texts';

/** The waits the list can be cut at (the filter's `stalledDays`). */
const STALLED_DAY_CHOICES = [3, 7, 14, 30] as const;

interface StalledPanelProps {
  stalled: StalledFigures;
  onStalledDays: (days: number) => void;
}

/**
 * Agreements nobody opened (or the next signer did nothing on) for N days: on whom and since
 * when, with one-click Remind where the family's action table allows it, else why not.
 */
export function StalledPanel({ stalled, onStalledDays }: StalledPanelProps) {
  const titleId = useId();
  const daysId = useId();
  const table = stalledTable(stalled.items);
  const choices = STALLED_DAY_CHOICES.includes(stalled.days as (typeof STALLED_DAY_CHOICES)[number])
    ? STALLED_DAY_CHOICES
    : [...STALLED_DAY_CHOICES, stalled.days].sort((a, b) => a - b);

  return (
    <section className="ps-card in-chart in-stalled" aria-labelledby={titleId}>
      <div className="in-chart__head">
        <h2 id={titleId} className="in-chart__title">
          {T.sections.stalled}
        </h2>
        <div className="in-chart__tools">
          <label className="in-stalled__days" htmlFor={daysId}>
            Quiet for
          </label>
          <select
            id={daysId}
            className="ps-input in-stalled__select"
            value={stalled.days}
            onChange={(event) => onStalledDays(Number(event.target.value))}
          >
            {choices
              .filter((days) => days <= INSIGHTS_MAX_STALLED_DAYS)
              .map((days) => (
                <option key={days} value={days}>
                  {days} days or more
                </option>
              ))}
          </select>
          {stalled.items.length > 0 ? (
            <a className="ps-button" href={csvHref(table)} download="insights-stalled.csv">
              {T.downloadCsv}
              <span className="ps-visually-hidden">{` (${T.sections.stalled})`}</span>
            </a>
          ) : null}
        </div>
      </div>
      <p className="in-chart__note">{countText(stalled)}</p>
      {stalled.items.length === 0 ? (
        <p className="in-chart__empty">{T.noStalled}</p>
      ) : (
        <div
          className="in-table-scroll"
          role="region"
          aria-label={`${T.sections.stalled} (table)`}
          tabIndex={0}
        >
          <table className="in-table">
            <caption className="ps-visually-hidden">{T.sections.stalled}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.kind === 'text' ? undefined : 'in-table__number'}
                  >
                    {column.label}
                  </th>
                ))}
                <th scope="col">
                  <span className="ps-visually-hidden">Reminder</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stalled.items.map((item, index) => (
                <tr key={item.id}>
                  {table.columns.map((column, columnIndex) => {
                    const text = formatCell(column.kind, table.rows[index][column.key] ?? null);
                    const className = column.kind === 'text' ? undefined : 'in-table__number';
                    return columnIndex === 0 ? (
                      <th key={column.key} scope="row">
                        <Link to={item.link}>{text}</Link>
                      </th>
                    ) : (
                      <td key={column.key} className={className}>
                        {text}
                      </td>
                    );
                  })}
                  <td>
                    <RemindButton item={item} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function countText({ days, total, items }: StalledFigures): string {
  const quiet = `with no view or signer action for ${days} days or more`;
  if (total === 0) return `No agreement ${quiet}.`;
  const shown = items.length < total ? ` The ${items.length} waiting longest are listed.` : '';
  return `${total === 1 ? '1 agreement' : `${total} agreements`} ${quiet}, oldest first.${shown}`;
}

/** Remind, as the family's dashboard does; disabled with the action table's reason when not allowed. */
function RemindButton({ item }: { item: StalledAgreement }) {
  const remind = useRemindStalled();
  const toast = useToast();
  const reasonId = useId();
  const allowed = item.reminderAllowed && item.reminder !== null;
  const label = `${T.remind} ${item.waitingOn.name || item.waitingOn.email} about ${item.title}`;
  return (
    <div className="in-remind">
      <button
        type="button"
        className="ps-button"
        disabled={!allowed || remind.isPending}
        aria-label={label}
        aria-describedby={allowed ? undefined : reasonId}
        onClick={() =>
          remind.mutate(item, {
            onSuccess: () => toast.success(T.reminded),
            onError: (error) => toast.error(`${T.remindFailed} ${error.message}`, 6000),
          })
        }
      >
        {remind.isPending ? T.reminding : T.remind}
      </button>
      {allowed ? null : (
        <span id={reasonId} className="in-stalled__reason">
          {item.reminderRefusal ?? 'A reminder is not allowed now.'}
        </span>
      )}
    </div>
  );
}
