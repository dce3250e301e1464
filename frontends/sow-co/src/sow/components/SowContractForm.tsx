import { useSowSearches, SOW_SEARCH_DEBOUNCE_MS } from '@prosign/api-client';
import {
  feesForRoles,
  needsSiteVisit,
  type CpRole,
  type CrmRecordView,
  type SowFormFieldsResponse,
  type SowServicesTemplateView,
} from '@prosign/domain';
import { LoadingState } from '@prosign/ui';
import { ProjectSearch, Select } from '@prosign/ui/controls';
import {
  AdditionalSigners,
  FormCountersigner,
  FormEmailCode,
  FormErrorSummary,
  SubmitButton,
  TextAreaField,
  TextField,
  useFormControl,
  type ZodForm,
} from '@prosign/ui/forms';
import { useRef } from 'react';
import { FormProvider, useController, useWatch } from 'react-hook-form';
import { servicesTextFor, type SowFormValues, type sowFormSchema } from '../utils/sow-form-values';
import type { StoredPartner } from '../utils/sow-storage';

type SowForm = ZodForm<typeof sowFormSchema>;
import { SOW_FORM_TEXTS } from './sow-form-texts';
import { PartnerFields } from './SowPartnerFields';
import { PeopleFields, RolesFields, ScheduleFields } from './SowFormSections';

export interface SowContractFormProps {
  form: SowForm;
  fields: SowFormFieldsResponse;
  templates: { _id: string; name: string }[];
  onTemplateChange: (name: string) => void;
  /** A project chosen from the search: the page reads it from the CRM (get-project). */
  onProjectPick: (project: CrmRecordView) => void;
  projectLoading: boolean;
  partner: StoredPartner | null;
  /** A partner chosen (or cleared) in the picker; the page asks about a blacklisted one. */
  onPartnerPick: (partner: StoredPartner | null) => void;
  onSubmit: (values: SowFormValues) => void;
  pending: boolean;
  /** Edit and Resend: the project and partner come from the SOW being replaced. */
  resending: boolean;
}
/** Step 1 of /sow (spec 3 §2): project, partner, roles and fees, site visit, timeline, people. */
export function SowContractForm({
  form,
  fields,
  templates,
  onTemplateChange,
  onProjectPick,
  projectLoading,
  partner,
  onPartnerPick,
  onSubmit,
  pending,
  resending,
}: SowContractFormProps) {
  const { control, setValue, getValues } = form;
  const { searchProjects, searchPartners } = useSowSearches();
  const [templateName, roles, fees, unit, projectId, projectAddress, partnerName, partnerEmail] =
    useWatch({
      control,
      name: [
        'templateName',
        'cp_roles',
        'fees',
        'timeline.unit',
        'project_id',
        'project_address',
        'cp_name',
        'cp_email',
      ],
    });
  const chosen = roles ?? [];
  const lastServices = useRef(servicesTextFor(fields.template, chosen));

  const roleOptions = fields.roles.map((role) => ({
    value: role.role,
    label: role.label,
    description: role.needsSiteVisit ? 'Needs a site visit' : undefined,
  }));
  const rolesBinding = useFormControl({ control, name: 'cp_roles' });

  const changeRoles = (next: CpRole[]) => {
    rolesBinding.onChange(next);
    // A deselected role's fee is cleared (spec 3 §5).
    setValue('fees', feesForRoles(next, getValues('fees')) as SowFormValues['fees']);
    prefillServices(fields.template, next);
  };

  /** The services text follows the roles while the user has not rewritten it. */
  const prefillServices = (template: SowServicesTemplateView, next: CpRole[]) => {
    const current = getValues('services_deliverables');
    const text = servicesTextFor(template, next);
    if (!current.trim() || current === lastServices.current) {
      setValue('services_deliverables', text);
    }
    lastServices.current = text;
  };

  const cc = useFormControl({ control, name: 'cc_emails' });
  const pm = useFormControl({ control, name: 'pm_email' });
  const visit = useFormControl({ control, name: 'site_visit_date_time' });
  const customTimeline = useFormControl({ control, name: 'timeline.dateTime' });
  const unitBinding = useFormControl({ control, name: 'timeline.unit' });
  const { fieldState: timelineState } = useController({ control, name: 'timeline' });
  const { fieldState: projectState } = useController({ control, name: 'project_id' });

  const siteVisit = needsSiteVisit(chosen);

  return (
    // The additional signers' fields find the form through its context.
    <FormProvider {...form}>
      <form
        className="sow-form"
        noValidate
        aria-label="SOW details"
        onSubmit={form.handleSubmit(onSubmit)}
      >
        <FormErrorSummary control={control} />
        <fieldset className="sow-form__group">
          <legend className="sow-form__legend">Project</legend>
          <Select
            label="SOW template"
            options={templates.map((template) => ({ value: template.name, label: template.name }))}
            value={templateName || null}
            onChange={(name) => name && onTemplateChange(name)}
            isDisabled={pending}
          />
          {resending ? null : (
            <ProjectSearch
              label="Project"
              searchProjects={searchProjects}
              debounceMs={SOW_SEARCH_DEBOUNCE_MS.projects}
              onSelect={(project) => project && onProjectPick(project)}
              isRequired
              errorMessage={projectState.error?.message}
              description={
                projectId ? `Chosen: ${projectAddress || '—'} (ID ${projectId})` : undefined
              }
            />
          )}
          {projectLoading ? <LoadingState label="Loading the project" /> : null}
          <div className="sow-form__grid">
            <TextField control={control} name="project_id" label="Project ID" readOnly required />
            <TextField
              control={control}
              name="project_address"
              label="Project address"
              readOnly
              required
            />
            <TextField control={control} name="project_type" label="Project type" />
          </div>
          <TextAreaField
            control={control}
            name="project_overview"
            label="Project overview"
            rows={3}
          />
        </fieldset>

        <PartnerFields
          control={control}
          partner={partner}
          onPartnerPick={onPartnerPick}
          searchPartners={searchPartners}
        />

        <AdditionalSigners
          className="sow-form__group"
          firstSigner={{ name: partnerName ?? '', email: partnerEmail ?? '' }}
          firstSignerRole="the partner"
          example="a second partner of the same firm"
          linkedFields={SOW_SIGNER_FIELDS}
        />
        <FormCountersigner family="sow" className="sow-form__group" />
        <FormEmailCode family="sow" className="sow-form__group" />

        <RolesFields
          control={control}
          roles={fields.roles}
          roleOptions={roleOptions}
          chosen={chosen}
          fees={fees}
          onChange={changeRoles}
          errorMessage={rolesBinding.errorMessage}
        />

        <ScheduleFields
          control={control}
          siteVisit={siteVisit}
          unit={unit}
          visit={visit}
          customTimeline={customTimeline}
          unitBinding={unitBinding}
          timelineError={timelineState.error?.message}
        />

        <PeopleFields control={control} fields={fields} pm={pm} cc={cc} />

        <SubmitButton pending={pending} pendingLabel={SOW_FORM_TEXTS.creating}>
          {SOW_FORM_TEXTS.create}
        </SubmitButton>
      </form>
    </FormProvider>
  );
}

/** The form's fields the signer list is checked with: the partner and the cc addresses. */
const SOW_SIGNER_FIELDS = ['cp_name', 'cp_email', 'cc_emails'];
