import { useCoFormFields, useCoTemplates } from '@prosign/api-client';
import {
  isChangeOrderLabel,
  type ChangeOrderLabel,
  type ClientSignatoryView,
  type CoFormFieldView,
  type DealLookupView,
} from '@prosign/domain';
import { useZodForm } from '@prosign/ui/forms';
import { useMemo, useRef, useState } from 'react';
import { coDealLabel } from '../components/CoDealPanel';
import {
  coFormSchema,
  EMPTY_CO_FORM,
  loadSelectedSignatory,
  resendValues,
  type CoContext,
  type CoResendDraft,
} from '../utils/co-form-values';

export interface CoScreenProps {
  dealData: DealLookupView | null;
  resend: CoResendDraft | null;
}

/** The label a deal's project association already carries, if it is a change-order label. */
export const dealLabelOf = (found: DealLookupView | null): ChangeOrderLabel | null =>
  found?.project?.label && isChangeOrderLabel(found.project.label) ? found.project.label : null;

function firstSearchText({ dealData, resend }: CoScreenProps): string {
  if (dealData) return coDealLabel(dealData.deal);
  return resend ? `${resend.deal_id} | ${resend.project_address || resend.project_id}` : '';
}

function firstSignatory(resend: CoResendDraft | null): ClientSignatoryView | null {
  return resend?.selectedHSSignatoryId
    ? {
        id: resend.selectedHSSignatoryId,
        firstname: resend.signatory_name,
        middlename: null,
        lastname: null,
        email: resend.signatory_email,
        phone: resend.signatory_phone ?? null,
      }
    : loadSelectedSignatory();
}

/**
 * What the change-order screen knows of its deal (spec 3 §2, §4): the deal found,
 * its project, label and signatory, the split's deal copy, the template's form
 * definition, and the step-1 form over them.
 */
export function useCoFormState({ dealData, resend }: CoScreenProps) {
  const [lookup, setLookup] = useState<DealLookupView | null>(dealData);
  const [searchText, setSearchText] = useState(() => firstSearchText({ dealData, resend }));
  const [project, setProject] = useState<{ id: string; address: string } | null>(
    resend?.selectedHSProjectId
      ? { id: resend.selectedHSProjectId, address: resend.project_id || resend.project_address }
      : null,
  );
  const [notAvailable, setNotAvailable] = useState<string[]>(resend?.notAvailableLabels ?? []);
  const [signatory, setSignatory] = useState<ClientSignatoryView | null>(() =>
    firstSignatory(resend),
  );
  const [duplicateDealId, setDuplicateDealId] = useState<string | null>(
    resend?.duplicateDealId ?? null,
  );
  const [linkedLabel, setLinkedLabel] = useState<ChangeOrderLabel | null>(
    dealData ? dealLabelOf(dealData) : (resend?.coLabel ?? null),
  );

  const templates = useCoTemplates();
  const templateId = resend?.templateId || templates.data?.templates[0]?._id || null;
  const definition = useCoFormFields(templateId);

  const envRef = useRef<{ definition: readonly CoFormFieldView[]; context: CoContext }>({
    definition: [],
    context: contextOf(null),
  });
  const schema = useMemo(() => coFormSchema(() => envRef.current), []);
  const form = useZodForm(schema, {
    defaultValues: resend
      ? resendValues(resend)
      : { ...EMPTY_CO_FORM, projectLinked: Boolean(linkedLabel) },
  });

  function contextOf(label: ChangeOrderLabel | null): CoContext {
    return {
      templateId: templateId ?? '',
      dealId: lookup?.deal.id ?? resend?.deal_id ?? '',
      selectedHSProjectId: project?.id ?? null,
      selectedHSSignatoryId: signatory?.id ?? null,
      dealLabel: label,
      duplicateDealId,
    };
  }
  envRef.current = {
    definition: definition.data?.formFields ?? [],
    context: contextOf(linkedLabel),
  };

  const patch = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) {
      form.setValue(`fields.${name}`, value, { shouldValidate: form.formState.isSubmitted });
    }
  };

  return {
    resend,
    lookup,
    setLookup,
    searchText,
    setSearchText,
    project,
    setProject,
    notAvailable,
    setNotAvailable,
    signatory,
    setSignatory,
    duplicateDealId,
    setDuplicateDealId,
    linkedLabel,
    setLinkedLabel,
    templates,
    definition,
    form,
    contextOf,
    patch,
  };
}

export type CoFormState = ReturnType<typeof useCoFormState>;
