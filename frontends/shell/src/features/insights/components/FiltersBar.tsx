import {
  addCalendarDays,
  periodDays,
  type InsightsFilter,
  type InsightsOptions,
} from '@prosign/domain';
import { useId, useState } from 'react';
import { INSIGHTS_TEXTS as T } from '../utils/insights-texts';
import { familyLabel } from '../utils/insights-tables';

/** The periods offered in one choice; any other from–to is "Custom". */
const PERIOD_PRESETS = [
  { key: '30', label: 'Last 30 days', days: 30 },
  { key: '90', label: 'Last 90 days', days: 90 },
  { key: '365', label: 'Last 12 months', days: 365 },
] as const;
const CUSTOM = 'custom';

function presetOf(filter: InsightsFilter, today: string): string {
  if (filter.to !== today) return CUSTOM;
  const days = periodDays(filter.from, filter.to);
  return PERIOD_PRESETS.find((preset) => preset.days === days)?.key ?? CUSTOM;
}

interface FiltersBarProps {
  filter: InsightsFilter;
  /** What the boxes offer (the last answer's); the current choice is always among them. */
  options: InsightsOptions | undefined;
  today: string;
  /** Writes a new filter; answers why it was refused, or null. */
  onApply: (next: InsightsFilter) => string | null;
  onClear: () => void;
}

/** Period, family, owner and pipeline: each change is applied at once (and kept in the address). */
export function FiltersBar({ filter, options, today, onApply, onClear }: FiltersBarProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = {
    period: useId(),
    from: useId(),
    to: useId(),
    error: useId(),
  };
  const apply = (change: Partial<InsightsFilter>) => setRefusal(onApply({ ...filter, ...change }));

  const families = options?.families ?? [];
  const owners = options?.owners ?? [];
  const pipelines = options?.pipelines ?? [];
  const preset = presetOf(filter, today);

  return (
    <form
      className="ps-card in-filters"
      aria-label={T.filters}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="in-filters__field">
        <label className="ps-field__label" htmlFor={ids.period}>
          {T.period}
        </label>
        <select
          id={ids.period}
          className="ps-input"
          value={preset}
          onChange={(event) => {
            const chosen = PERIOD_PRESETS.find((candidate) => candidate.key === event.target.value);
            if (chosen) apply({ from: addCalendarDays(today, 1 - chosen.days), to: today });
          }}
        >
          {PERIOD_PRESETS.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
          <option value={CUSTOM} disabled={preset !== CUSTOM}>
            Custom
          </option>
        </select>
      </div>
      <div className="in-filters__field">
        <label className="ps-field__label" htmlFor={ids.from}>
          From
        </label>
        <input
          id={ids.from}
          className="ps-input"
          type="date"
          value={filter.from}
          max={filter.to}
          aria-describedby={refusal ? ids.error : undefined}
          onChange={(event) => event.target.value && apply({ from: event.target.value })}
        />
      </div>
      <div className="in-filters__field">
        <label className="ps-field__label" htmlFor={ids.to}>
          To
        </label>
        <input
          id={ids.to}
          className="ps-input"
          type="date"
          value={filter.to}
          min={filter.from}
          aria-describedby={refusal ? ids.error : undefined}
          onChange={(event) => event.target.value && apply({ to: event.target.value })}
        />
      </div>
      <FilterSelect
        label={T.family}
        anyLabel={T.anyFamily}
        value={filter.family}
        choices={families.map((family) => ({ value: family.id, label: family.label }))}
        labelOf={familyLabel}
        onChange={(family) => apply({ family: family as InsightsFilter['family'] })}
      />
      <FilterSelect
        label={T.owner}
        anyLabel={T.anyOwner}
        value={filter.owner}
        choices={owners.map((owner) => ({ value: owner.email, label: owner.email }))}
        onChange={(owner) => apply({ owner })}
      />
      <FilterSelect
        label={T.pipeline}
        anyLabel={T.anyPipeline}
        value={filter.pipeline}
        choices={pipelines.map((pipeline) => ({ value: pipeline.id, label: pipeline.label }))}
        onChange={(pipeline) => apply({ pipeline })}
      />
      <div className="in-filters__field">
        <button
          type="button"
          className="ps-button"
          onClick={() => {
            setRefusal(null);
            onClear();
          }}
        >
          {T.clearFilters}
        </button>
      </div>
      {refusal ? (
        <p id={ids.error} className="ps-field__error in-filters__error" role="alert">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}

interface FilterSelectProps {
  label: string;
  /** The first choice, which narrows nothing. */
  anyLabel: string;
  value: string | null;
  choices: readonly { value: string; label: string }[];
  /** The name of a chosen value the answer does not offer (yet): an address typed or shared. */
  labelOf?: (value: string) => string;
  onChange: (value: string | null) => void;
}

/** One narrowing filter: "All …" or one of the offered values; the chosen one is always listed. */
function FilterSelect({
  label,
  anyLabel,
  value,
  choices,
  labelOf = (v) => v,
  onChange,
}: FilterSelectProps) {
  const id = useId();
  const listed =
    value && !choices.some((choice) => choice.value === value)
      ? [...choices, { value, label: labelOf(value) }]
      : choices;
  return (
    <div className="in-filters__field">
      <label className="ps-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ps-input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{anyLabel}</option>
        {listed.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
