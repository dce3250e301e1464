import { useLatestTerms, useSaveTerms } from '@prosign/api-client';
import { TERMS_MESSAGES } from '@prosign/domain';
import { PageHeader } from '@prosign/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useLongToast } from '../services/service-toast';
import '../services/services.css';

/** /terms (spec 1 §2.6): the default terms, given to every service with "Default tnc". */
export function TermsPage() {
  const latest = useLatestTerms();
  const save = useSaveTerms();
  const show = useLongToast();
  const [content, setContent] = useState('');
  const loaded = latest.data?.data.content;
  useEffect(() => {
    if (loaded !== undefined) setContent(loaded);
  }, [loaded]);
  useEffect(() => {
    if (latest.isError) show(TERMS_MESSAGES.fetchFailed, 'error');
  }, [latest.isError, show]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return show(TERMS_MESSAGES.empty, 'error');
    save.mutate(content, {
      onSuccess: (result) =>
        result.failed > 0
          ? show(TERMS_MESSAGES.partialFailure, 'error')
          : show(TERMS_MESSAGES.saved, 'success'),
      onError: () => show(TERMS_MESSAGES.partialFailure, 'error'),
    });
  };

  return (
    <div className="ps-page">
      <PageHeader
        title="Default Terms and Conditions"
        description="Edit the default terms-and-conditions text used by every service that takes the default."
      />
      <form onSubmit={submit} className="terms-form ps-card">
        <div className="ps-field">
          <label htmlFor="default-terms" className="ps-field__label">
            Default Terms and Conditions
          </label>
          <textarea
            id="default-terms"
            className="ps-input service-form__textarea terms-form__textarea"
            rows={18}
            value={content}
            disabled={latest.isPending}
            onChange={(event) => setContent(event.target.value)}
          />
        </div>
        <div className="service-form__actions">
          <button type="submit" className="ps-button ps-button--primary" disabled={save.isPending}>
            Save
          </button>
        </div>
      </form>
    </div>
  );
}
