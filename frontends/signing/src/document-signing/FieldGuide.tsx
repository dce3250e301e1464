import type { SaveStatus } from './useFieldValues';

interface FieldGuideProps {
  /** "3 of 7 required"; '' when nothing is required. */
  progressLabel: string;
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

const SAVE_TEXTS: Record<Exclude<SaveStatus['kind'], 'failed' | 'idle'>, string> = {
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'Saved',
};

/**
 * Above the document: how far the signer is with their required fields, "Next field" to the next
 * one left, whether their entries are saved, and, after a Finish with fields left, each of them
 * named (a link to it).
 */
export function FieldGuide(props: FieldGuideProps) {
  const status = props.saveStatus;
  return (
    <section className="ps-card sg-doc-guide" aria-label="Your fields">
      {props.empty ? (
        <p className="sg-doc-guide__progress">
          Nothing to fill in: read the document, then Agree and Finish.
        </p>
      ) : (
        <div className="sg-doc-guide__bar">
          <p className="sg-doc-guide__progress" role="status">
            {props.progressLabel || 'No field is required'}
          </p>
          <button
            type="button"
            className="ps-button ps-button--primary sg-doc-guide__next"
            onClick={props.onNext}
            disabled={!props.hasNext}
          >
            Next field
          </button>
          <span className="sg-doc-guide__save" aria-live="polite">
            {status.kind === 'failed' ? (
              <>
                Not saved: {status.message}{' '}
                <button type="button" className="sg-link-button" onClick={props.onRetrySave}>
                  Try again
                </button>
              </>
            ) : status.kind === 'idle' ? (
              ''
            ) : (
              SAVE_TEXTS[status.kind]
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
              <p>Fill in before you finish:</p>
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
