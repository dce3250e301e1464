// Autosave of the field builder's draft: each change saved ~800 ms after the last, one save at a
// time, each over the revision the last one answered, so another tab's save is noticed (409).
import { documentDraftsApi, isApiError, useApiClient } from '@prosign/api-client';
import type { DraftSigner, FieldPlacement } from '@prosign/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long after the last change a save goes out: a drag or a typed name is one save, not many. */
const AUTOSAVE_DELAY_MS = 800;

/**
 * `saved`: the server has what is shown; `saving`: a change waits or is on its way; `failed`: a
 * save did not go through (retry); `conflict`: another tab saved since this one read the draft,
 * so saving stops until the page is reloaded (saving over it would lose that tab's work).
 */
export type DraftSaveStatus = 'saved' | 'saving' | 'failed' | 'conflict';

interface AutosaveInput {
  draftId: string;
  /** The revision the draft was read at. */
  revision: number;
  placement: FieldPlacement;
  signers: readonly DraftSigner[];
  delayMs?: number;
}

const contentKey = (placement: FieldPlacement, signers: readonly DraftSigner[]) =>
  JSON.stringify([placement.fields, signers]);
const contentKeyOf = (shown: { placement: FieldPlacement; signers: readonly DraftSigner[] }) =>
  contentKey(shown.placement, shown.signers);

export function useDraftAutosave({
  draftId,
  revision,
  placement,
  signers,
  delayMs = AUTOSAVE_DELAY_MS,
}: AutosaveInput) {
  const client = useApiClient();
  const [status, setStatus] = useState<DraftSaveStatus>('saved');
  /** Why the last save was refused, in the server's words (a 400's reasons); null otherwise. */
  const [failure, setFailure] = useState<string | null>(null);
  const revisionRef = useRef(revision);
  const savedKey = useRef(contentKey(placement, signers));
  const latest = useRef({ placement, signers });
  latest.current = { placement, signers };
  const inFlight = useRef(false);
  const stopped = useRef(false);

  const save = useCallback(async (): Promise<void> => {
    if (inFlight.current || stopped.current) return;
    const { placement: shown, signers: shownSigners } = latest.current;
    const key = contentKey(shown, shownSigners);
    if (key === savedKey.current) {
      setStatus('saved');
      return;
    }
    inFlight.current = true;
    setStatus('saving');
    setFailure(null);
    try {
      const saved = await documentDraftsApi.save(client, draftId, {
        revision: revisionRef.current,
        placement: shown,
        signers: [...shownSigners],
      });
      revisionRef.current = saved.revision;
      savedKey.current = key;
      inFlight.current = false;
      // A change made while this save was on its way goes next.
      await save();
    } catch (error) {
      inFlight.current = false;
      const conflict = isApiError(error) && error.statusCode === 409;
      stopped.current = conflict;
      setStatus(conflict ? 'conflict' : 'failed');
      // A refusal names what is wrong; a server that could not be reached says nothing useful.
      setFailure(
        isApiError(error) && error.isClientError && !conflict ? error.messages.join(' ') : null,
      );
    }
  }, [client, draftId]);

  const key = contentKey(placement, signers);
  useEffect(() => {
    if (stopped.current || key === savedKey.current) return;
    setStatus('saving');
    const timer = setTimeout(() => void save(), delayMs);
    return () => clearTimeout(timer);
  }, [key, save, delayMs]);

  // Leaving the builder (Upload another PDF, another page) sends a change still waiting.
  useEffect(() => () => void save(), [save]);

  // Closing the tab with a change not yet saved asks first (the browser's own words).
  const unsaved = status === 'saving' || status === 'failed';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  /**
   * Saves what is shown now, waiting for a save on its way: the revision the server holds it
   * at (a send reads the saved draft), or null when a save failed or another tab's stops it.
   */
  const flush = useCallback(async (): Promise<number | null> => {
    while (inFlight.current) await new Promise((resolve) => setTimeout(resolve, 50));
    await save();
    while (inFlight.current) await new Promise((resolve) => setTimeout(resolve, 50));
    const saved = !stopped.current && savedKey.current === contentKeyOf(latest.current);
    return saved ? revisionRef.current : null;
  }, [save]);

  return { status, failure, retry: () => void save(), flush };
}
