import { useSignerMessages } from '@prosign/ui';
import type { SaveStatus } from './useFieldValues';

interface FieldGuideProps {
  /** How many required fields are filled in ("3 of 7 required"). */
  progress: { done: number; required: number };
  /** Whether "Next field" has somewhere to go. */
  hasNext: boolean;
  onNext: () => void;
  saveStatus: SaveStatus;
  onRetrySave: () => void;
  /** What is wrong with the field the signer is on, if anything. */
  currentProblem: string | null;
  /** Shown once Finish was pressed with required fields left empty, until they are filled. */
  missing: ReadonlyArray<{ id: string; name: string }> | null;
  /** The server's refusal of the finish, when it had one. */
  finishRefusal: string | null;
  onGoTo: (id: string) => void;
  /** Nothing for this recipient to fill in. */
  empty: boolean;
}

const SAVE_KEYS = {
  pending: 'guide.saving',
  saving: 'guide.saving',
  saved: 'guide.saved',
} as const satisfies Record<Exclude<SaveStatus['kind'], 'failed' | 'idle'>, string>;

function progressLabel(
  format: ReturnType<typeof useSignerMessages>['format'],
  { done, required }: FieldGuideProps['progress'],
): string {
  if (required === 0) return format('guide.noneRequired');
  if (done === required) return format('guide.allDone', { required });
  return format('guide.progress', { done, required });
}

/**
 * Above the document: how far the signer is with their required fields, "Next field" to the next
 * one left, whether their entries are saved, and, after a Finish with fields left, each of them
 * named (a link to it).
 */
export function FieldGuide(props: FieldGuideProps) {
  const status = props.saveStatus;
  const { format } = useSignerMessages();
  return (
    <section className="ps-card sg-doc-guide" aria-label={format('guide.label')}>
      {props.empty ? (
        <p className="sg-doc-guide__progress">{format('guide.empty')}</p>
      ) : (
        <div className="sg-doc-guide__bar">
          <p className="sg-doc-guide__progress" role="status">
            {progressLabel(format, props.progress)}
          </p>
          <button
            type="button"
            className="ps-button ps-button--primary sg-doc-guide__next"
            onClick={props.onNext}
            disabled={!props.hasNext}
          >
            {format('guide.next')}
          </button>
          <span className="sg-doc-guide__save" aria-live="polite">
            {status.kind === 'failed' ? (
              <>
                {format('guide.notSaved', { message: status.message })}{' '}
                <button type="button" className="sg-link-button" onClick={props.onRetrySave}>
                  {format('guide.tryAgain')}
                </button>
              </>
            ) : status.kind === 'idle' ? (
              ''
            ) : (
              format(SAVE_KEYS[status.kind])
            )}
          </span>
        </div>
      )}
      {props.currentProblem ? (
        <p className="sg-doc-guide__problem" role="alert">
          {props.currentProblem}
        </p>
      ) : null}
      {props.finishRefusal || (props.missing && props.missing.length > 0) ? (
        <div className="sg-doc-guide__missing" role="alert">
          {props.finishRefusal ? <p>{props.finishRefusal}</p> : null}
          {props.missing && props.missing.length > 0 ? (
            <>
              <p>{format('guide.fillBefore')}</p>
              <ul>
                {props.missing.map((field) => (
                  <li key={field.id}>
                    <button
                      type="button"
                      className="sg-link-button"
                      onClick={() => props.onGoTo(field.id)}
                    >
                      {field.name.charAt(0).toUpperCase() + field.name.slice(1)}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
