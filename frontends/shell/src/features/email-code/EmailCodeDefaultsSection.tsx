import {
  emailCodeDefaultsApi,
  emailCodeDefaultsKey,
  isApiError,
  useApiClient,
  useEmailCodeDefaultsQuery,
} from '@prosign/api-client';
import {
  familyDefinition,
  familyIds,
  EMAIL_CODE_SETTING_TEXTS,
  type EmailCodeDefaultRequest,
} from '@prosign/domain';
import { ErrorPanel, LoadingState, useToast } from '@prosign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';

const EMAIL_CODE_DEFAULTS_TEXTS = {
  title: 'E-mail code',
  description:
    'Whether each creation screen proposes an e-mail code: every signer enters a 6-digit code we e-mail them before the document opens. Staff may still change it on each agreement.',
  loading: 'Loading the e-mail code defaults…',
  failed: 'Could not load the e-mail code defaults.',
  saveFailed: 'Could not save the e-mail code default.',
} as const;

/** User Access, administrators only: each family's "Require an e-mail code" default. */
export function EmailCodeDefaultsSection() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const defaults = useEmailCodeDefaultsQuery();
  const setDefault = useMutation({
    mutationFn: (request: EmailCodeDefaultRequest) => emailCodeDefaultsApi.set(client, request),
    onSuccess: (result) => queryClient.setQueryData(emailCodeDefaultsKey, result),
  });
  const T = EMAIL_CODE_DEFAULTS_TEXTS;
  const titleId = useId();
  const hintId = useId();
  const refusal = setDefault.isError
    ? isApiError(setDefault.error) && setDefault.error.statusCode < 500
      ? setDefault.error.message
      : T.saveFailed
    : null;

  return (
    <section className="ps-card cs-defaults" aria-labelledby={titleId}>
      <h2 id={titleId} className="ua-section-title">
        {T.title}
      </h2>
      <p id={hintId} className="ps-field__hint">
        {T.description}
      </p>
      {defaults.isPending ? (
        <LoadingState label={T.loading} />
      ) : defaults.isError ? (
        <ErrorPanel title={T.failed} headingLevel={3} onRetry={() => void defaults.refetch()} />
      ) : (
        <fieldset className="cs-defaults__family" aria-describedby={hintId}>
          <legend className="cs-defaults__title">{EMAIL_CODE_SETTING_TEXTS.label}</legend>
          {familyIds().map((family) => {
            const label = familyDefinition(family).label;
            const checked = defaults.data.defaults[family] === true;
            return (
              <label key={family} className="ps-check">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={setDefault.isPending}
                  onChange={(event) => {
                    const required = event.target.checked;
                    setDefault.mutate(
                      { family, required },
                      {
                        onSuccess: () =>
                          toast.success(
                            `${label}: e-mail code ${required ? 'required' : 'not required'} by default.`,
                          ),
                      },
                    );
                  }}
                />
                <span>{`${EMAIL_CODE_SETTING_TEXTS.label} for each ${label.toLowerCase()}`}</span>
              </label>
            );
          })}
          {refusal ? (
            <p className="ps-field__error" role="alert">
              {refusal}
            </p>
          ) : null}
        </fieldset>
      )}
    </section>
  );
}
