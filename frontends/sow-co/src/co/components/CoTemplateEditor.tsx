import {
  isApiError,
  useCoTemplate,
  useCoTemplates,
  useUpdateCoTemplate,
} from '@prosign/api-client';
import { CO_TEMPLATE_FIELD_KEYS, TOAST_DURATION_MS, type CoTemplateFields } from '@prosign/domain';
import { LoadingState, useToast } from '@prosign/ui';
import { Select } from '@prosign/ui/controls';
import { useEffect, useState } from 'react';
import { sectionLabel } from '../../shared/TemplateSectionsEditor';
import { TemplateTextsForm } from '../../shared/TemplateTextsForm';

const LONG = TOAST_DURATION_MS.long;

/** Spec 3 §8 notices of the CO template edit. */
const CO_TEMPLATE_MESSAGES = {
  saved: 'Change-order template content updated successfully.',
  failed: 'Error while updating template content.',
} as const;

/**
 * The CO part of /sow-template-edit (spec 3 §2): the change-order template's
 * texts (get-templates → get-template/{id}), saved by id (PUT update/{id}).
 * Everyone with access may look; the server lets only admins save and says
 * why otherwise (shown as a notice), as for the SOW services.
 */
export function CoTemplateEditor() {
  const toast = useToast();
  const templates = useCoTemplates();
  const [id, setId] = useState<string | null>(null);
  const chosen = id ?? templates.data?.templates[0]?._id ?? null;
  const template = useCoTemplate(chosen);
  const update = useUpdateCoTemplate();
  const [texts, setTexts] = useState<CoTemplateFields>({});

  useEffect(() => {
    if (template.data) setTexts({ ...template.data.templateFields });
  }, [template.data]);

  const keys = template.data
    ? CO_TEMPLATE_FIELD_KEYS.filter((key) => typeof template.data.templateFields[key] === 'string')
    : [];

  const save = () => {
    if (!template.data) return;
    update.mutate(
      { id: template.data._id, templateFields: texts },
      {
        onSuccess: () => toast.success(CO_TEMPLATE_MESSAGES.saved, LONG),
        onError: (error) =>
          toast.error(
            // Not an admin, or a conflict: the server's words (as for the SOW services).
            isApiError(error) && (error.statusCode === 403 || error.statusCode === 409)
              ? error.message
              : isApiError(error) && error.statusCode === 400
                ? `${CO_TEMPLATE_MESSAGES.failed} ${error.message}`
                : CO_TEMPLATE_MESSAGES.failed,
            LONG,
          ),
      },
    );
  };

  return (
    <section className="ps-card sow-panel" aria-label="CO template content">
      <h2 className="co-template__title">Change-order template</h2>
      {templates.isPending ? (
        <LoadingState label="Loading the CO templates" />
      ) : templates.isError ? (
        <p className="ps-field__error" role="alert">
          Error: {templates.error.message}
        </p>
      ) : templates.data.templates.length === 0 ? (
        <p className="sow-empty">No change-order templates yet.</p>
      ) : (
        <>
          {templates.data.templates.length > 1 ? (
            <Select
              label="CO template"
              options={templates.data.templates.map((one) => ({
                value: one._id,
                label: one.name,
              }))}
              value={chosen}
              onChange={(next) => next && setId(next)}
            />
          ) : null}
          {template.isPending ? (
            <LoadingState label="Loading the CO template" />
          ) : template.isError ? (
            <p className="ps-field__error" role="alert">
              Error: {template.error.message}
            </p>
          ) : (
            <TemplateTextsForm
              label={`Texts of ${template.data.name}`}
              texts={keys.map((key) => ({ key, label: sectionLabel({ key, body: '' }) }))}
              values={texts}
              onChange={(key, text) => setTexts((current) => ({ ...current, [key]: text }))}
              onSave={save}
              pending={update.isPending}
              updatedAt={template.data.updatedAt}
              updatedBy={template.data.updatedBy}
              saveLabel="Update the CO template"
              rows={5}
            />
          )}
        </>
      )}
    </section>
  );
}
