import { fillPlaceholders } from '@prosign/domain';
import { CLAUSE_FIELDS, type Clauses } from '../contract-draft';

export interface ClausePreviewProps {
  clauses: Clauses;
  values: Readonly<Record<string, string>>;
}

/**
 * The agreement's text as it will read, beside the editor while it is not
 * saved: each clause with its placeholders filled from the form (the same
 * values the document takes). A placeholder without a value stays visible.
 * Once saved, the screen shows the document itself instead.
 */
export function ClausePreview({ clauses, values }: ClausePreviewProps) {
  const filled = (text: string) => fillPlaceholders(text, values).text;
  const title = filled(clauses.agreementTitle ?? '');
  return (
    <article className="ps-clause-preview" aria-label="Agreement text preview">
      <p className="ps-clause-preview__note">
        Preview of the text. Save to make the document the client will sign.
      </p>
      {title ? <h3 className="ps-clause-preview__title">{title}</h3> : null}
      {CLAUSE_FIELDS.filter((field) => field.name !== 'agreementTitle').map((field) => {
        const text = filled(clauses[field.name] ?? '').trim();
        return text ? (
          <section key={field.name} className="ps-clause-preview__section">
            <h4>{field.label}</h4>
            {text.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </section>
        ) : null;
      })}
    </article>
  );
}
