import { formatPacificDateTime, isWaitingSeal, type StuckOperation } from '@prosign/domain';
import { useId } from 'react';
import {
  OPERATION_WORDS,
  STUCK_TEXTS as T,
  errorInWords,
  familyInWords,
  stepInWords,
} from '../utils/stuck-texts';

export interface StuckOperationItemProps {
  operation: StuckOperation;
  onLowerSeal: (operation: StuckOperation) => void;
}

/** One stopped send or finish: a card that reads the same on a phone and on a desk. */
export function StuckOperationItem({ operation, onLowerSeal }: StuckOperationItemProps) {
  const titleId = useId();
  const since = formatPacificDateTime(operation.startedAt ?? operation.failedAt) || '—';
  const lastFailed = formatPacificDateTime(operation.failedAt) || '—';
  return (
    <li className="ps-card so-item" aria-labelledby={titleId}>
      <div className="so-item__head">
        <h2 id={titleId} className="so-item__title">
          {`${familyInWords(operation.family)}: ${OPERATION_WORDS[operation.operation]} stopped`}
        </h2>
        {operation.givenUp ? (
          <span className="so-badge so-badge--danger">{T.givenUp}</span>
        ) : (
          <span className="so-badge">{T.retrying}</span>
        )}
      </div>
      <p className="so-item__error">{errorInWords(operation)}</p>
      <dl className="so-item__facts">
        <div>
          <dt>Agreement</dt>
          <dd className="so-item__id">{operation.agreementId}</dd>
        </div>
        <div>
          <dt>Step</dt>
          <dd>{stepInWords(operation.failedStep)}</dd>
        </div>
        <div>
          <dt>Attempts</dt>
          <dd>{operation.attempts}</dd>
        </div>
        <div>
          <dt>Since</dt>
          <dd>{since}</dd>
        </div>
        <div>
          <dt>Last failed</dt>
          <dd>{lastFailed}</dd>
        </div>
      </dl>
      {isWaitingSeal(operation) ? (
        <div className="so-item__actions">
          <button
            type="button"
            className="ps-button"
            aria-describedby={titleId}
            onClick={() => onLowerSeal(operation)}
          >
            {T.lowerSeal}
          </button>
        </div>
      ) : null}
    </li>
  );
}
