import {
  isApiError,
  useSowServices,
  useSowTemplates,
  useUpdateSowServices,
} from '@prosign/api-client';
import { CP_ROLE_LABELS, CP_ROLES, TOAST_DURATION_MS, type CpRole } from '@prosign/domain';
import { LoadingState, PageHeader, useToast } from '@prosign/ui';
import { Select } from '@prosign/ui/controls';
import { useEffect, useState } from 'react';
import { CoTemplateEditor } from '../co/components/CoTemplateEditor';
import { TemplateTextsForm } from '../shared/TemplateTextsForm';
import '../sow/sow.css';

const LONG = TOAST_DURATION_MS.long;

/** Spec 3 §8 notices of the template edit screen. */
const SOW_TEMPLATE_MESSAGES = {
  saved: 'Template content updated successfully.',
  failed: 'Error while updating template content.',
} as const;

type Texts = Partial<Record<CpRole, string>>;

/**
 * /sow-template-edit (spec 3 §2): choose a SOW template by name and edit the
 * services text of each partner role. Everyone with access may look; the server
 * lets only admins save and says why otherwise (shown as a notice).
 */
export function SowTemplateEditPage() {
  const toast = useToast();
  const templates = useSowTemplates();
  const [name, setName] = useState<string | null>(null);
  const chosen = name ?? templates.data?.templates[0]?.name ?? null;
  const template = useSowServices(chosen);
  const update = useUpdateSowServices();
  const [texts, setTexts] = useState<Texts>({});

  useEffect(() => {
    if (template.data) setTexts({ ...template.data.services });
  }, [template.data]);

  const save = () => {
    if (!template.data) return;
    update.mutate(
      { id: template.data._id, services: texts },
      {
        onSuccess: () => toast.success(SOW_TEMPLATE_MESSAGES.saved, LONG),
        onError: (error) =>
          toast.error(
            isApiError(error) && (error.statusCode === 403 || error.statusCode === 409)
              ? error.message
              : SOW_TEMPLATE_MESSAGES.failed,
            LONG,
          ),
      },
    );
  };

  return (
    <div className="ps-page sow-template-edit">
      <PageHeader
        title="SOW & CO Template Editing"
        description="Edit the services and deliverables text of each partner role of a SOW template, and the change-order template texts (saving is for administrators)."
      />
      {templates.isPending ? (
        <LoadingState label="Loading the SOW templates" />
      ) : templates.isError ? (
        <p className="ps-field__error" role="alert">
          Error: {templates.error.message}
        </p>
      ) : templates.data.templates.length === 0 ? (
        <p className="sow-empty">No SOW templates yet.</p>
      ) : (
        <section className="ps-card sow-panel" aria-label="SOW services and deliverables">
          <Select
            label="SOW template"
            options={templates.data.templates.map((one) => ({ value: one.name, label: one.name }))}
            value={chosen}
            onChange={(next) => next && setName(next)}
          />
          {template.isPending ? (
            <LoadingState label="Loading the template" />
          ) : template.isError ? (
            <p className="ps-field__error" role="alert">
              Error: {template.error.message}
            </p>
          ) : (
            <TemplateTextsForm
              label={`Services of ${template.data.name}`}
              texts={CP_ROLES.map((role) => ({
                key: role,
                label: `${CP_ROLE_LABELS[role]} services`,
              }))}
              values={texts}
              onChange={(role, text) => setTexts((current) => ({ ...current, [role]: text }))}
              onSave={save}
              pending={update.isPending}
              updatedAt={template.data.updatedAt}
              updatedBy={template.data.updatedBy}
            />
          )}
        </section>
      )}
      <CoTemplateEditor />
    </div>
  );
}
