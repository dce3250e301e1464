import {
  earliestSiteVisit,
  formatUsd,
  isScopeCoRole,
  scopeCoTotal,
  SCOPE_CO_ROLE_WARNING,
  SOW_FEE_MIN,
  SOW_FEE_STEP,
  sowTotalPayment,
  TIMELINE_UNITS,
  type CpRole,
  type SowFeeField,
  type SowFormFieldsResponse,
} from '@prosign/domain';
import {
  DateTimeInput,
  MoneyInput,
  MultiSelect,
  Select,
  StaffMultiSelect,
  StaffUserPicker,
} from '@prosign/ui/controls';
import {
  Field,
  FieldError,
  NumberField,
  TextAreaField,
  type FormControlBinding,
} from '@prosign/ui/forms';
import { useController, type Control } from 'react-hook-form';
import { dateToWallClock, wallClockToDate, type SowFormValues } from '../utils/sow-form-values';

import { SOW_FORM_TEXTS } from './sow-form-texts';

const TIMELINE_OPTIONS = [
  ...TIMELINE_UNITS.map((unit) => ({ value: unit, label: unit[0].toUpperCase() + unit.slice(1) })),
  { value: 'custom' as const, label: 'Custom date' },
];

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

/** The site visit (for the roles that need one), the timeline and the effective date. */
export function ScheduleFields({
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
export function PeopleFields({
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
export function RolesFields({
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
