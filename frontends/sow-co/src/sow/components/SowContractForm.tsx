import { useSowSearches, SOW_SEARCH_DEBOUNCE_MS } from '@prosign/api-client';
import {
  earliestSiteVisit,
  feesForRoles,
  formatUsd,
  isScopeCoRole,
  needsSiteVisit,
  scopeCoTotal,
  SCOPE_CO_ROLE_WARNING,
  SOW_FEE_MIN,
  SOW_FEE_STEP,
  sowTotalPayment,
  TIMELINE_UNITS,
  type CpRole,
  type CrmRecordView,
  type SowFeeField,
  type SowFormFieldsResponse,
  type SowServicesTemplateView,
} from '@prosign/domain';
import { LoadingState } from '@prosign/ui';
import {
  CrmContactPicker,
  DateTimeInput,
  MoneyInput,
  MultiSelect,
  ProjectSearch,
  Select,
  StaffMultiSelect,
  StaffUserPicker,
  type CrmContact,
} from '@prosign/ui/controls';
import {
  AdditionalSigners,
  FormCountersigner,
  FormEmailCode,
  Field,
  FieldError,
  FormErrorSummary,
  NumberField,
  SubmitButton,
  TextAreaField,
  TextField,
  useFormControl,
  type FormControlBinding,
  type ZodForm,
} from '@prosign/ui/forms';
import { useRef } from 'react';
import { FormProvider, useController, useWatch, type Control } from 'react-hook-form';
import {
  dateToWallClock,
  servicesTextFor,
  wallClockToDate,
  type SowFormValues,
  type sowFormSchema,
} from '../utils/sow-form-values';
import type { StoredPartner } from '../utils/sow-storage';

type SowForm = ZodForm<typeof sowFormSchema>;

const SOW_FORM_TEXTS = {
  partnerPlaceholder: '--Select Community Partner--',
  partnerSearch: 'Search partner by name, email',
  total: 'Total payment',
  scopeTotal: 'Total Scope COn Fee',
  create: 'Create Contract',
  creating: 'Creating…',
} as const;

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

const TIMELINE_OPTIONS = [
  ...TIMELINE_UNITS.map((unit) => ({ value: unit, label: unit[0].toUpperCase() + unit.slice(1) })),
  { value: 'custom' as const, label: 'Custom date' },
];

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

/** One role's fee: dollars, at least 0, in cents (spec 3 §9); required while the role is chosen. */
function FeeInput({
  control,
  field,
  label,
}: {
  control: Control<SowFormValues>;
  field: SowFeeField;
  label: string;
}) {
  const { field: bound, fieldState } = useController({ control, name: `fees.${field}` });
  return (
    <MoneyInput
      label={label}
      name={bound.name}
      value={(bound.value as number | null | undefined) ?? null}
      onChange={bound.onChange}
      min={SOW_FEE_MIN}
      step={SOW_FEE_STEP}
      isRequired
      errorMessage={fieldState.error?.message}
    />
  );
}

/** The effective date ("YYYY-MM-DD"); today (Pacific) when left empty. */
function EffectiveDate({ control }: { control: Control<SowFormValues> }) {
  const { field, fieldState } = useController({ control, name: 'effective_date' });
  return (
    <Field
      label="Effective date"
      hint="Today (Pacific time) when left empty."
      error={fieldState.error?.message}
    >
      {(aria) => (
        <input
          {...aria}
          type="date"
          className="ps-input"
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

/** The community partner: one found in the CRM (its blacklist flag kept), or a new one typed in. */
function PartnerFields({
  control,
  partner,
  onPartnerPick,
  searchPartners,
}: {
  control: Control<SowFormValues>;
  partner: StoredPartner | null;
  onPartnerPick: (partner: StoredPartner | null) => void;
  searchPartners: ReturnType<typeof useSowSearches>['searchPartners'];
}) {
  const blacklisted = useRef(new Map<string, boolean>());
  const searchContacts = async (query: string, signal: AbortSignal): Promise<CrmContact[]> => {
    const cps = await searchPartners(query, signal);
    return cps.map((cp) => {
      blacklisted.current.set(cp.id, cp.blacklisted);
      return {
        id: cp.id,
        firstname: cp.properties.firstname ?? null,
        middlename: cp.properties.middlename ?? null,
        lastname: cp.properties.lastname ?? null,
        email: cp.properties.email ?? null,
        phone: cp.properties.phone ?? null,
      };
    });
  };

  return (
    <fieldset className="sow-form__group">
      <legend className="sow-form__legend">Community partner</legend>
      <CrmContactPicker
        label="Find a community partner"
        value={partner?.contact ?? null}
        onChange={(contact) =>
          onPartnerPick(
            contact
              ? {
                  contact,
                  blacklisted: blacklisted.current.get(contact.id) ?? partner?.blacklisted ?? false,
                }
              : null,
          )
        }
        searchContacts={searchContacts}
        debounceMs={SOW_SEARCH_DEBOUNCE_MS.partners}
        placeholder={SOW_FORM_TEXTS.partnerPlaceholder}
        searchLabel={SOW_FORM_TEXTS.partnerSearch}
        autoSelectSingleLinked={false}
        description="Or type a new partner's details below."
      />
      {partner ? (
        <button type="button" className="sow-link-button" onClick={() => onPartnerPick(null)}>
          Enter a new partner instead
        </button>
      ) : null}
      <div className="sow-form__grid">
        <TextField
          control={control}
          name="cp_name"
          label="Partner name"
          required
          autoComplete="off"
        />
        <TextField
          control={control}
          name="cp_email"
          label="Partner e-mail"
          type="email"
          required
          autoComplete="off"
        />
        <TextField control={control} name="cp_phone" label="Partner phone" type="tel" />
      </div>
    </fieldset>
  );
}

/** The site visit (for the roles that need one), the timeline and the effective date. */
function ScheduleFields({
  control,
  siteVisit,
  unit,
  visit,
  customTimeline,
  unitBinding,
  timelineError,
}: {
  control: Control<SowFormValues>;
  siteVisit: boolean;
  unit: string | undefined;
  visit: FormControlBinding<string>;
  customTimeline: FormControlBinding<string>;
  unitBinding: FormControlBinding<SowFormValues['timeline']['unit']>;
  timelineError: string | undefined;
}) {
  return (
    <fieldset className="sow-form__group">
      <legend className="sow-form__legend">Schedule</legend>
      {siteVisit ? (
        <DateTimeInput
          label="Site visit date and time"
          value={wallClockToDate(visit.value)}
          onChange={(date) => visit.onChange(dateToWallClock(date))}
          min={wallClockToDate(earliestSiteVisit()) ?? undefined}
          description="Pacific time (PST). Needed for OSE, MDEC and SSS roles."
          errorMessage={visit.errorMessage}
          isRequired
        />
      ) : null}
      <div className="sow-form__timeline" role="group" aria-label="Project timeline">
        {unit === 'custom' ? (
          <DateTimeInput
            label="Timeline (complete by)"
            value={wallClockToDate(customTimeline.value)}
            onChange={(date) => customTimeline.onChange(dateToWallClock(date))}
            min={wallClockToDate(earliestSiteVisit()) ?? undefined}
            isRequired
          />
        ) : (
          <NumberField
            control={control}
            name="timeline.amount"
            label="Timeline"
            required
            min={1}
            step={1}
          />
        )}
        <Select
          label="Timeline unit"
          options={TIMELINE_OPTIONS}
          value={unitBinding.value}
          onChange={(next) => next && unitBinding.onChange(next)}
        />
      </div>
      <FieldError message={timelineError} />
      <EffectiveDate control={control} />
    </fieldset>
  );
}

/** The PM, the cc list and the services text. */
function PeopleFields({
  control,
  fields,
  pm,
  cc,
}: {
  control: Control<SowFormValues>;
  fields: SowFormFieldsResponse;
  pm: FormControlBinding<string>;
  cc: FormControlBinding<string[]>;
}) {
  return (
    <fieldset className="sow-form__group">
      <legend className="sow-form__legend">People and services</legend>
      <StaffUserPicker
        label="PM e-mail"
        users={fields.ccChoices}
        value={pm.value || null}
        onChange={(email) => pm.onChange(email ?? '')}
        errorMessage={pm.errorMessage}
        isRequired
      />
      <StaffMultiSelect
        label="Additional e-mails (cc)"
        users={fields.ccChoices}
        fixedUser={fields.defaultPmEmail}
        value={cc.value}
        onChange={cc.onChange}
        errorMessage={cc.errorMessage}
      />
      <TextAreaField
        control={control}
        name="services_deliverables"
        label="Services and deliverables"
        rows={6}
        hint="Filled from the template's text of each chosen role; edit as needed."
      />
    </fieldset>
  );
}

/** The partner's roles, each chosen role's fee, and the totals. */
function RolesFields({
  control,
  roles,
  roleOptions,
  chosen,
  fees,
  onChange,
  errorMessage,
}: {
  control: Control<SowFormValues>;
  roles: SowFormFieldsResponse['roles'];
  roleOptions: { value: CpRole; label: string; description?: string }[];
  chosen: CpRole[];
  fees: SowFormValues['fees'] | undefined;
  onChange: (next: CpRole[]) => void;
  errorMessage: string | undefined;
}) {
  const total = sowTotalPayment(chosen, fees ?? {});
  const scopeRoles = chosen.filter(isScopeCoRole);
  return (
    <fieldset className="sow-form__group">
      <legend className="sow-form__legend">Roles and fees</legend>
      <MultiSelect<CpRole>
        label="Partner roles"
        options={roleOptions}
        value={chosen}
        onChange={onChange}
        placeholder="--Select Partner Roles--"
        isRequired
        errorMessage={errorMessage}
      />
      {scopeRoles.length > 0 ? (
        <p className="sow-form__warning" role="note">
          {SCOPE_CO_ROLE_WARNING}
        </p>
      ) : null}
      {chosen.length > 0 ? (
        <div className="sow-form__grid">
          {chosen.map((role) => {
            const view = roles.find((candidate) => candidate.role === role);
            return view ? (
              <FeeInput
                key={role}
                control={control}
                field={view.feeField}
                label={`${view.label} fee`}
              />
            ) : null;
          })}
        </div>
      ) : null}
      <div className="sow-form__totals">
        <output className="sow-form__total" aria-label={SOW_FORM_TEXTS.total}>
          {SOW_FORM_TEXTS.total}: <strong>{formatUsd(total)}</strong>
        </output>
        {scopeRoles.length > 0 ? (
          <output className="sow-form__total" aria-label={SOW_FORM_TEXTS.scopeTotal}>
            {SOW_FORM_TEXTS.scopeTotal}:{' '}
            <strong>{formatUsd(scopeCoTotal(chosen, fees ?? {}))}</strong>
          </output>
        ) : null}
      </div>
    </fieldset>
  );
}
