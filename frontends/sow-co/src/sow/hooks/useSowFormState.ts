import { useSowFormFields, useSowProject, useSowTemplates } from '@prosign/api-client';
import { fullNameOf, TOAST_DURATION_MS, type CrmRecordView } from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useZodForm } from '@prosign/ui/forms';
import { useEffect, useState } from 'react';
import { SOW_MESSAGES } from '../sow-messages';
import {
  EMPTY_SOW_FORM,
  servicesTextFor,
  sowFormSchema,
  type SowFormValues,
} from '../utils/sow-form-values';
import {
  loadResendDraft,
  loadSelectedPartner,
  saveSelectedPartner,
  type StoredPartner,
} from '../utils/sow-storage';

const LONG = TOAST_DURATION_MS.long;

function partnerValues(partner: StoredPartner): Partial<SowFormValues> {
  const { contact } = partner;
  return {
    selectedCpId: contact.id,
    // Only a confirmed blacklisted partner is ever kept (spec 3 §5).
    blacklistConfirmed: partner.blacklisted,
    cp_name: fullNameOf(contact),
    cp_email: contact.email ?? '',
    cp_phone: contact.phone ?? '',
  };
}

/** The template defaults of the form: the first template, the default PM, the services text. */
function useTemplateDefaults(
  form: ReturnType<typeof useZodForm<typeof sowFormSchema>>,
  templates: ReturnType<typeof useSowTemplates>,
  fields: ReturnType<typeof useSowFormFields>,
) {
  // The first template is the default (spec 3 §2).
  const firstTemplate = templates.data?.templates[0]?.name;
  useEffect(() => {
    if (firstTemplate && !form.getValues('templateName')) {
      form.setValue('templateName', firstTemplate);
    }
  }, [firstTemplate, form]);

  // The default PM heads the cc list and is the PM until another is chosen.
  useEffect(() => {
    const data = fields.data;
    if (!data) return;
    if (!form.getValues('pm_email')) form.setValue('pm_email', data.defaultPmEmail);
    const cc = form.getValues('cc_emails');
    if (!cc.includes(data.defaultPmEmail)) {
      form.setValue('cc_emails', [data.defaultPmEmail, ...cc]);
    }
    if (!form.getValues('services_deliverables')) {
      form.setValue(
        'services_deliverables',
        servicesTextFor(data.template, form.getValues('cp_roles')),
      );
    }
  }, [fields.data, form]);
}

/**
 * Step 1 of /sow (spec 3 §2, §5): the form with its template defaults, the
 * project read from the CRM, and the partner (a blacklisted one only once confirmed).
 */
export function useSowFormState() {
  const toast = useToast();
  const [resend, setResend] = useState(loadResendDraft);
  const [partner, setPartner] = useState<StoredPartner | null>(loadSelectedPartner);
  const [askBlacklisted, setAskBlacklisted] = useState<StoredPartner | null>(null);
  const templates = useSowTemplates();
  const form = useZodForm(sowFormSchema, {
    defaultValues: {
      ...EMPTY_SOW_FORM,
      ...resend?.values,
      ...(partner && !resend ? partnerValues(partner) : {}),
    },
  });
  const templateName = form.watch('templateName');
  const fields = useSowFormFields(templateName);
  const project = useSowProject();
  useTemplateDefaults(form, templates, fields);

  const pickProject = (picked: CrmRecordView) =>
    project.mutate(picked.id, {
      onSuccess: ({ project: found, hs_object_id }) => {
        const props = found.properties;
        form.setValue('project_id', found.id || hs_object_id, {
          shouldValidate: form.formState.isSubmitted,
        });
        form.setValue('project_address', props.address || props.property_address || '');
        form.setValue('project_type', props.project_type ?? '');
        form.setValue('project_overview', props.project_overview ?? '');
        form.setValue('selectedHSProjectId', hs_object_id || found.id);
        form.clearErrors(['project_id', 'project_address']);
      },
      onError: () => toast.error(SOW_MESSAGES.projectFailed, LONG),
    });

  const applyPartner = (chosen: StoredPartner | null) => {
    setPartner(chosen);
    saveSelectedPartner(chosen);
    if (!chosen) {
      // A new partner: typed in from scratch.
      for (const name of ['selectedCpId', 'cp_name', 'cp_email', 'cp_phone'] as const) {
        form.setValue(name, '');
      }
      form.setValue('blacklistConfirmed', false);
      return;
    }
    for (const [name, value] of Object.entries(partnerValues(chosen))) {
      form.setValue(name as keyof SowFormValues, value as never);
    }
    form.clearErrors(['cp_name', 'cp_email']);
  };

  const pickPartner = (chosen: StoredPartner | null) => {
    if (chosen?.blacklisted) setAskBlacklisted(chosen);
    else applyPartner(chosen);
  };

  /** "Use this partner" on the blacklist question. */
  const confirmBlacklisted = () => {
    const chosen = askBlacklisted;
    setAskBlacklisted(null);
    applyPartner(chosen);
    form.setValue('blacklistConfirmed', true);
  };

  /** After a send: the replaced SOW is done with, the next one is a new SOW. */
  const reset = () => {
    setResend(null);
    setPartner(null);
    form.reset({ ...EMPTY_SOW_FORM, templateName: form.getValues('templateName') });
  };

  return {
    resend,
    partner,
    askBlacklisted,
    setAskBlacklisted,
    templates,
    form,
    fields,
    project,
    pickProject,
    pickPartner,
    confirmBlacklisted,
    reset,
  };
}

export type SowFormState = ReturnType<typeof useSowFormState>;
