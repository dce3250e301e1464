import { useLatestTerms, useSaveTerms } from '@prosign/api-client';
import { TERMS_MESSAGES, termsContentProblem } from '@prosign/domain';
import { PageHeader } from '@prosign/ui';
import { domainRule, SubmitButton, TextAreaField, useZodForm } from '@prosign/ui/forms';
import { useEffect } from 'react';
import { z } from 'zod';
import { useLongToast } from '../services/service-toast';
import '../services/services.css';

const schema = z.object({ content: z.string().superRefine(domainRule(termsContentProblem)) });

/** /terms (spec 1 §2.6): the default terms, given to every service with "Default tnc". */
export function TermsPage() {
  const latest = useLatestTerms();
  const save = useSaveTerms();
  const show = useLongToast();
  const loaded = latest.data?.data.content;
  const form = useZodForm(schema, {
    defaultValues: { content: '' },
    values: loaded === undefined ? undefined : { content: loaded },
  });
  useEffect(() => {
    if (latest.isError) show(TERMS_MESSAGES.fetchFailed, 'error');
  }, [latest.isError, show]);

  const submit = form.handleSubmit(
    ({ content }) =>
      save.mutate(content, {
        onSuccess: (result) =>
          result.failed > 0
            ? show(TERMS_MESSAGES.partialFailure, 'error')
            : show(TERMS_MESSAGES.saved, 'success'),
        onError: () => show(TERMS_MESSAGES.partialFailure, 'error'),
      }),
    // The spec's toast (spec 1 §5, §8), besides the message under the field.
    (errors) => show(errors.content?.message ?? TERMS_MESSAGES.empty, 'error'),
  );

  return (
    <div className="ps-page">
      <PageHeader
        title="Default Terms and Conditions"
        description="Edit the default terms-and-conditions text used by every service that takes the default."
      />
      <form onSubmit={(event) => void submit(event)} noValidate className="terms-form ps-card">
        <TextAreaField
          control={form.control}
          name="content"
          id="default-terms"
          label="Default Terms and Conditions"
          required
          inputClassName="terms-form__textarea"
          rows={18}
          disabled={latest.isPending}
        />
        <div className="service-form__actions">
          <SubmitButton pending={save.isPending} pendingLabel="Saving…">
            Save
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
