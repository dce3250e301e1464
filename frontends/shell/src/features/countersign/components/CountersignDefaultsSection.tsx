import {
  familyDefinition,
  familyIds,
  type AgreementFamily,
  type CountersignerInput,
} from '@prosign/domain';
import { ErrorPanel, LoadingState, useToast } from '@prosign/ui';
import { CountersignerPicker, countersignerProblem, SubmitButton } from '@prosign/ui/forms';
import { useId, useState } from 'react';
import { refusalOf } from '../hooks/useCountersignAgreement';
import { useCountersignDefaults } from '../hooks/useCountersignDefaults';

const COUNTERSIGN_DEFAULTS_TEXTS = {
  title: 'Default countersigner',
  description:
    'The staff member each creation screen proposes to countersign for the firm. Staff may still change or remove it on each agreement.',
  propose: 'Propose a countersigner',
  proposeHint: 'Unticked: None — the creation screen proposes no countersignature.',
  saving: 'Saving…',
  loading: 'Loading the default countersigners…',
  failed: 'Could not load the default countersigners.',
  saveFailed: 'Could not save the default countersigner.',
} as const;

/** "Contract: Dana Whitfield, Principal (dana@…)" or "None". */
function describe(value: CountersignerInput | null): string {
  if (!value) return 'None';
  const name = value.name || value.email;
  return `${name}${value.title ? `, ${value.title}` : ''} (${value.email})`;
}

/** User Access, administrators only: each family's proposed countersigner, or none. */
export function CountersignDefaultsSection({ users }: { users: readonly string[] }) {
  const { defaults } = useCountersignDefaults();
  const T = COUNTERSIGN_DEFAULTS_TEXTS;
  const titleId = useId();
  return (
    <section className="ps-card cs-defaults" aria-labelledby={titleId}>
      <h2 id={titleId} className="ua-section-title">
        {T.title}
      </h2>
      <p className="ps-field__hint">{T.description}</p>
      {defaults.isPending ? (
        <LoadingState label={T.loading} />
      ) : defaults.isError ? (
        <ErrorPanel title={T.failed} headingLevel={3} onRetry={() => void defaults.refetch()} />
      ) : (
        familyIds().map((family) => {
          const current = defaults.data.defaults[family] ?? null;
          // A new answer from the server starts the form again from what it holds.
          return (
            <FamilyDefault
              key={`${family}:${JSON.stringify(current)}`}
              family={family}
              current={current}
              users={users}
            />
          );
        })
      )}
    </section>
  );
}

function FamilyDefault({
  family,
  current,
  users,
}: {
  family: AgreementFamily;
  current: CountersignerInput | null;
  users: readonly string[];
}) {
  const { setDefault } = useCountersignDefaults();
  const toast = useToast();
  const T = COUNTERSIGN_DEFAULTS_TEXTS;
  const label = familyDefinition(family).label;
  const [value, setValue] = useState<CountersignerInput | null>(current);
  const [submitted, setSubmitted] = useState(false);
  const problem = submitted ? countersignerProblem(value) : null;
  const headingId = useId();
  const refusal = setDefault.isError ? (refusalOf(setDefault.error) ?? T.saveFailed) : null;

  return (
    <form
      className="cs-defaults__family"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (countersignerProblem(value)) return;
        setDefault.mutate(
          { family, countersigner: value },
          { onSuccess: () => toast.success(`${label}: default countersigner saved.`) },
        );
      }}
    >
      <h3 id={headingId} className="cs-defaults__title">
        {label}
      </h3>
      <p className="cs-defaults__current">Proposed now: {describe(current)}</p>
      <CountersignerPicker
        users={users}
        value={value}
        onChange={(next) => {
          setValue(next);
          setDefault.reset();
        }}
        requireLabel={`${T.propose} for each ${label.toLowerCase()}`}
        requireHint={T.proposeHint}
        error={problem ?? undefined}
        disabled={setDefault.isPending}
      />
      {refusal ? (
        <p className="ps-field__error" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="cs-actions">
        <SubmitButton pending={setDefault.isPending} pendingLabel={T.saving}>
          {`Save the ${label.toLowerCase()} default`}
        </SubmitButton>
      </div>
    </form>
  );
}
