import { droppedPlaceholders, type SowSectionKey, type SowSectionView } from '@prosign/domain';
import { Field } from '@prosign/ui/forms';

/** A section's name on screen: its heading, else its key in words ("template_start" → "Start"). */
export function sectionLabel(section: SowSectionView): string {
  if (section.heading) return section.heading;
  const words = section.key.replace(/^template_/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Why an edited section is refused: it dropped `$placeholders` of the template (spec 3 §5). */
export function sectionProblem(section: SowSectionView, edited: string): string | null {
  const dropped = droppedPlaceholders(section.body, edited);
  return dropped.length
    ? `Placeholders cannot be removed: ${sectionLabel(section)} is missing ${dropped
        .map((name) => `$${name}`)
        .join(', ')}.`
    : null;
}

export interface SowSectionsEditorProps {
  sections: SowSectionView[];
  /** The edited texts, `<<$name:value>>` showing what each placeholder becomes. */
  values: Partial<Record<SowSectionKey, string>>;
  onChange: (key: SowSectionKey, text: string) => void;
  /** A refusal of the server that names a section (`The template_x section must keep …`). */
  serverErrors: Partial<Record<SowSectionKey, string>>;
  onSave: () => void;
  onBack: () => void;
  saving: boolean;
}

/** Step 2 of /sow: the template's text sections, editable; Save re-creates the document. */
export function SowSectionsEditor({
  sections,
  values,
  onChange,
  serverErrors,
  onSave,
  onBack,
  saving,
}: SowSectionsEditorProps) {
  const problems = sections.map((section) => ({
    key: section.key,
    message:
      sectionProblem(section, values[section.key] ?? section.body) ?? serverErrors[section.key],
  }));
  const refused = problems.some((problem) => problem.message);
  return (
    <form
      className="sow-sections"
      aria-label="Template sections"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (refused) {
          const first = problems.find((problem) => problem.message);
          document.getElementById(`sow-section-${first?.key}`)?.focus();
          return;
        }
        onSave();
      }}
    >
      <p className="sow-sections__intro">
        Edit the wording of the SOW. Placeholders show the value they will take as{' '}
        <code>{'<<$name:value>>'}</code>; keep every one of them.
      </p>
      {sections.map((section, index) => (
        <Field
          key={section.key}
          id={`sow-section-${section.key}`}
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
          Back to the form
        </button>
        <button
          type="submit"
          className="ps-button ps-button--primary"
          disabled={saving}
          aria-busy={saving || undefined}
        >
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
