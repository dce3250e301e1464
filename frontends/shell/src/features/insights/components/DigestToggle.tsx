import { useInsightsDigest, useSaveInsightsDigest } from '@prosign/api-client';
import { useId } from 'react';
import { INSIGHTS_TEXTS as T } from '../utils/insights-texts';

/** The viewer's Monday digest mail, on or off (kept by the server, per person). */
export function DigestToggle() {
  const setting = useInsightsDigest();
  const save = useSaveInsightsDigest();
  const inputId = useId();
  const hintId = useId();
  const statusId = useId();
  const weekly = save.isPending ? save.variables.weekly : (setting.data?.weekly ?? false);
  const status = save.isError
    ? T.digestFailed
    : setting.isError
      ? T.digestUnread
      : save.isSuccess
        ? T.digestSaved(save.data.weekly)
        : '';
  return (
    <div className="in-digest">
      <input
        id={inputId}
        type="checkbox"
        checked={weekly}
        disabled={setting.isPending || setting.isError || save.isPending}
        aria-describedby={`${hintId} ${statusId}`}
        onChange={(event) => save.mutate({ weekly: event.target.checked })}
      />
      <div>
        <label htmlFor={inputId} className="in-digest__label">
          {T.digestLabel}
        </label>
        <p id={hintId} className="in-muted">
          {T.digestHint}
        </p>
        <p id={statusId} className="in-muted" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
