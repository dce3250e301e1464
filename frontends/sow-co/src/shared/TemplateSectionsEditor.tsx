import { droppedPlaceholders } from '@prosign/domain';
import { Field } from '@prosign/ui/forms';
import type { ReactNode } from 'react';

/** One editable text of an agreement template (a SOW section, a CO template field). */
export interface TemplateSection<K extends string = string> {
  key: K;
  heading?: string | null;
  /** The template's own text: the placeholders an edit must keep. */
  body: string;
}

/** A section's name on screen: its heading, else its key in words ("template_start" → "Start"). */
export function sectionLabel(section: TemplateSection): string {
  if (section.heading) return section.heading;
  const words = section.key.replace(/^template_/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Why an edited section is refused: it dropped `$placeholders` of the template (spec 3 §5). */
function sectionProblem(section: TemplateSection, edited: string): string | null {
  const dropped = droppedPlaceholders(section.body, edited);
  return dropped.length
    ? `Placeholders cannot be removed: ${sectionLabel(section)} is missing ${dropped
        .map((name) => `$${name}`)
        .join(', ')}.`
    : null;
}

export interface TemplateSectionsEditorProps<K extends string> {
  sections: readonly TemplateSection<K>[];
  /** The edited texts, `<<$name:value>>` showing what each placeholder becomes. */
  values: Partial<Record<K, string>>;
  onChange: (key: K, text: string) => void;
  /** A refusal of the server that names a section. */
  serverErrors: Partial<Record<K, string>>;
  onSave: () => void;
  onBack: () => void;
  saving: boolean;
  /** Names the form and prefixes the text areas' ids ("sow" → `sow-section-template_start`). */
  family: string;
  /** The form's accessible name. */
  label: string;
  /** The line above the texts (what is edited here). */
  intro: ReactNode;
  saveLabel?: string;
  backLabel?: string;
}

/**
 * Step 2 of the creation screens (/sow, /co): the template's texts, editable,
 * placeholders previewed as `<<$name:value>>` and kept (spec 3 §5); Save
 * re-creates the document, Back returns to the form.
 */
export function TemplateSectionsEditor<K extends string>({
  sections,
  values,
  onChange,
  serverErrors,
  onSave,
  onBack,
  saving,
  family,
  label,
  intro,
  saveLabel = 'Save',
  backLabel = 'Back to the form',
}: TemplateSectionsEditorProps<K>) {
  const idOf = (key: string) => `${family}-section-${key}`;
  const problems = sections.map((section) => ({
    key: section.key,
    message:
      sectionProblem(section, values[section.key] ?? section.body) ?? serverErrors[section.key],
  }));
  const refused = problems.some((problem) => problem.message);
  return (
    <form
      className="sow-sections"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (refused) {
          const first = problems.find((problem) => problem.message);
          if (first) document.getElementById(idOf(first.key))?.focus();
          return;
        }
        onSave();
      }}
    >
      <p className="sow-sections__intro">{intro}</p>
      {sections.map((section, index) => (
        <Field
          key={section.key}
          id={idOf(section.key)}
          label={sectionLabel(section)}
          error={problems[index].message ?? undefined}
        >
          {(aria) => (
            <textarea
              {...aria}
              className="ps-input ps-textarea sow-sections__text"
              rows={Math.min(12, Math.max(3, (values[section.key] ?? '').split('\n').length + 1))}
              value={values[section.key] ?? ''}
              onChange={(event) => onChange(section.key, event.target.value)}
            />
          )}
        </Field>
      ))}
      <div className="sow-actions">
        <button type="button" className="ps-button" onClick={onBack} disabled={saving}>
          {backLabel}
        </button>
        <button
          type="submit"
          className="ps-button ps-button--primary"
          disabled={saving}
          aria-busy={saving || undefined}
        >
          {saving ? 'Saving…' : saveLabel}
        </button>
      </div>
    </form>
  );
}
