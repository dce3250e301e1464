import type { DraftSaveStatus as Status } from './useDraftAutosave';

interface DraftSaveStatusProps {
  status: Status;
  /** The server's reason for refusing the last save, when it gave one. */
  failure: string | null;
  onRetry: () => void;
  onReload: () => void;
}

/** Whether the builder's work is saved, read out politely as it changes; a way on when it is not. */
export function DraftSaveStatus({ status, failure, onRetry, onReload }: DraftSaveStatusProps) {
  return (
    <div className="ps-doc-builder__save" role="status" aria-live="polite">
      {status === 'saved' ? 'Saved' : null}
      {status === 'saving' ? 'Saving…' : null}
      {status === 'failed' ? (
        <>
          {failure ? `Couldn’t save: ${failure}` : 'Couldn’t save.'}{' '}
          <button type="button" className="ps-button" onClick={onRetry}>
            Retry
          </button>
        </>
      ) : null}
      {status === 'conflict' ? (
        <>
          This draft was changed in another tab or window, so changes here are no longer saved.{' '}
          <button type="button" className="ps-button" onClick={onReload}>
            Reload the draft
          </button>
        </>
      ) : null}
    </div>
  );
}
