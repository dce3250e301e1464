import { CRM_RECORD_VIEW_TYPES, crmRecordPagePath, type CrmRecordViewType } from '@prosign/domain';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CRM_RECORD_TEXTS as T, CRM_RECORD_TYPE_LABELS } from '../utils/crm-texts';

const RECORD_ID = /^\d{1,20}$/;

/** Opens another record by type and id (the page's address holds both). */
export function RecordLookupForm({ type, id }: { type: CrmRecordViewType; id: string }) {
  const navigate = useNavigate();
  const [draftType, setDraftType] = useState(type);
  const [draftId, setDraftId] = useState(id);
  const [invalid, setInvalid] = useState(false);
  const titleId = useId();
  const typeId = useId();
  const idId = useId();
  const hintId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = draftId.trim();
    if (!RECORD_ID.test(wanted)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void navigate(crmRecordPagePath(draftType, wanted));
  };

  return (
    <form className="ps-card crm-lookup" aria-labelledby={titleId} onSubmit={onSubmit} noValidate>
      <h2 id={titleId} className="crm-section-title">
        {T.lookup}
      </h2>
      <div className="crm-lookup__fields">
        <div className="ps-field">
          <label className="ps-label" htmlFor={typeId}>
            {T.type}
          </label>
          <select
            id={typeId}
            className="ps-select"
            value={draftType}
            onChange={(event) => setDraftType(event.target.value as CrmRecordViewType)}
          >
            {CRM_RECORD_VIEW_TYPES.map((option) => (
              <option key={option} value={option}>
                {CRM_RECORD_TYPE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="ps-field crm-lookup__id">
          <label className="ps-label" htmlFor={idId}>
            {T.id}
          </label>
          <input
            id={idId}
            className="ps-input"
            inputMode="numeric"
            autoComplete="off"
            value={draftId}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => setDraftId(event.target.value)}
          />
          <p id={hintId} className="ps-field__hint">
            {T.idHint}
          </p>
          {invalid ? (
            <p id={errorId} className="ps-field__error" role="alert">
              {T.idInvalid}
            </p>
          ) : null}
        </div>
        <button type="submit" className="ps-button ps-button--primary crm-lookup__open">
          {T.open}
        </button>
      </div>
    </form>
  );
}
