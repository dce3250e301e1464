import { isApiError, useApiClient } from '@prosign/api-client';
import { documentDraftPath, personSchema, type DocumentTemplateSummary } from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { RefusalList } from './RefusalList';
import { templatesApi } from './templates-api';

interface UseTemplateDialogProps {
  template: DocumentTemplateSummary;
  onClose: () => void;
}

type People = Record<string, { name: string; email: string }>;

/**
 * What is missing before a draft can be made: a name and an e-mail address for each role, each
 * person checked with the schema the public api checks a template's people with (`personSchema`).
 */
function peopleProblems(template: DocumentTemplateSummary, people: People): Map<string, string> {
  const problems = new Map<string, string>();
  for (const role of template.roles) {
    const person = people[role.id];
    const checked = personSchema.safeParse({
      name: person.name.trim(),
      email: person.email.trim(),
    });
    const wrong = new Set(checked.error?.issues.map((issue) => issue.path[0]) ?? []);
    if (wrong.has('name')) problems.set(`${role.id}.name`, `“${role.name}” needs a name.`);
    if (wrong.has('email'))
      problems.set(`${role.id}.email`, `“${role.name}” needs an e-mail address.`);
  }
  return problems;
}

/**
 * "Use template": a person (name and e-mail) for each of the template's roles, then a builder
 * draft of its newest version with them, opened in the builder to check and send.
 */
export function UseTemplateDialog({ template, onClose }: UseTemplateDialogProps) {
  const client = useApiClient();
  const navigate = useNavigate();
  const [people, setPeople] = useState<People>(() =>
    Object.fromEntries(template.roles.map((role) => [role.id, { name: '', email: '' }])),
  );
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<readonly string[]>([]);
  const problems = peopleProblems(template, people);

  const change = (roleId: string, key: 'name' | 'email', value: string) =>
    setPeople((current) => ({ ...current, [roleId]: { ...current[roleId], [key]: value } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.size > 0) return;
    setBusy(true);
    setRefusal([]);
    try {
      const trimmed = Object.fromEntries(
        Object.entries(people).map(([id, person]) => [
          id,
          { name: person.name.trim(), email: person.email.trim() },
        ]),
      );
      const draft = await templatesApi.draft(client, template.id, {
        version: template.version,
        people: trimmed,
      });
      void navigate(documentDraftPath(draft.id));
    } catch (error) {
      setBusy(false);
      setRefusal(
        isApiError(error)
          ? error.messages
          : [error instanceof Error ? error.message : 'Try again.'],
      );
    }
  };

  const fieldError = (key: string) => (tried ? problems.get(key) : undefined);

  return (
    <Dialog
      open
      title={`Use “${template.name}”`}
      onClose={onClose}
      describeBody={false}
      size="wide"
    >
      <form className="ps-doc-templates__form" onSubmit={(event) => void submit(event)} noValidate>
        <p>
          Version {template.version} of {template.fileName}. Name the person for each role; the
          document then opens in the builder, to check and send.
        </p>
        {template.roles.map((role) => (
          <fieldset key={role.id} className="ps-doc-templates__role">
            <legend className="ps-field__label">{role.name}</legend>
            {(['name', 'email'] as const).map((key) => {
              const error = fieldError(`${role.id}.${key}`);
              const inputId = `use-${template.id}-${role.id}-${key}`;
              return (
                <div key={key} className="ps-field">
                  <label className="ps-field__label" htmlFor={inputId}>
                    {key === 'name' ? 'Name' : 'E-mail'}
                  </label>
                  <input
                    id={inputId}
                    className="ps-input"
                    type={key === 'name' ? 'text' : 'email'}
                    autoComplete="off"
                    value={people[role.id][key]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                    onChange={(event) => change(role.id, key, event.target.value)}
                  />
                  {error ? (
                    <span id={`${inputId}-error`} className="ps-field__error">
                      {error}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
        <RefusalList title="The document could not be made from this template." reasons={refusal} />
        <div className="ps-dialog__actions">
          <button type="submit" className="ps-button ps-button--primary" disabled={busy}>
            {busy ? 'Opening the builder…' : 'Open in the builder'}
          </button>
          <button type="button" className="ps-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
