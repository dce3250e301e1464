import type { DraftSaveStatus as Status } from './useDraftAutosave';

interface DraftSaveStatusProps {
  autosave: {
    status: Status;
    /** The server's reason for refusing the last save, when it gave one. */
    failure: string | null;
    retry: () => void;
  };
  onReload: () => void;
}

/** Whether the builder's work is saved, read out politely as it changes; a way on when it is not. */
export function DraftSaveStatus({ autosave, onReload }: DraftSaveStatusProps) {
  const { status, failure, retry: onRetry } = autosave;
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
