import { isApiError, useSaveCrmStageRules } from '@prosign/api-client';
import {
  CRM_STAGE_EVENT_LABELS,
  CRM_STAGE_EVENTS,
  formatPacificDateTime,
  type CrmPipelineStageRules,
  type CrmStageEvent,
  type CrmStageMappingView,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { CRM_STAGES_TEXTS as T } from '../utils/crm-texts';

type Pipeline = CrmStageMappingView['pipelines'][number];

function sameRules(a: CrmPipelineStageRules, b: CrmPipelineStageRules): boolean {
  return CRM_STAGE_EVENTS.every(
    (event) =>
      a[event].stageId === b[event].stageId && a[event].allowBackward === b[event].allowBackward,
  );
}

/** The server's reasons for a refused save (400), else one line saying it failed. */
function problemsOf(error: unknown): string[] {
  return isApiError(error) && error.statusCode === 400 ? [...error.messages] : [T.saveFailed];
}

/**
 * One pipeline's rules: a stage (or no move) per event and whether the move may go back.
 * Remounted (by key) when the saved rules change, so the draft starts from what was saved.
 */
export function PipelineRulesForm({ pipeline }: { pipeline: Pipeline }) {
  const [draft, setDraft] = useState<CrmPipelineStageRules>(pipeline.rules);
  const save = useSaveCrmStageRules();
  const toast = useToast();
  const titleId = useId();
  const problemsId = useId();
  const stages = useMemo(
    () => [...pipeline.stages].sort((a, b) => a.displayOrder - b.displayOrder),
    [pipeline.stages],
  );
  const changed = !sameRules(draft, pipeline.rules);
  const problems = save.isError ? problemsOf(save.error) : null;

  const setRule = (event: CrmStageEvent, change: Partial<CrmPipelineStageRules[CrmStageEvent]>) => {
    if (save.isError) save.reset();
    setDraft((current) => ({ ...current, [event]: { ...current[event], ...change } }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { pipelineId: pipeline.id, rules: draft },
      { onSuccess: () => toast.success(`${pipeline.label}: stage rules saved.`) },
    );
  };

  return (
    <section className="ps-card crm-pipeline" aria-labelledby={titleId}>
      <div className="crm-pipeline__head">
        <h2 id={titleId} className="crm-section-title">
          {pipeline.label}
        </h2>
        {pipeline.isDefault ? (
          <span className="crm-badge" title={T.defaultHint}>
            {T.defaultBadge}
          </span>
        ) : null}
      </div>
      <p className="crm-muted">
        {pipeline.isDefault
          ? T.defaultHint
          : `Saved by ${pipeline.updatedBy ?? 'an administrator'}${
              pipeline.updatedAt ? ` at ${formatPacificDateTime(pipeline.updatedAt)}` : ''
            }.`}
      </p>
      <form onSubmit={onSubmit} aria-describedby={problems ? problemsId : undefined}>
        <ul className="crm-rules" aria-label={`${pipeline.label}: stage per event`}>
          {CRM_STAGE_EVENTS.map((event) => (
            <RuleRow
              key={event}
              event={event}
              rule={draft[event]}
              stages={stages}
              disabled={save.isPending}
              onChange={(change) => setRule(event, change)}
            />
          ))}
        </ul>
        {problems ? (
          <div id={problemsId} className="crm-problems" role="alert">
            <p>{T.refused}</p>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="crm-pipeline__actions">
          <button
            type="submit"
            className="ps-button ps-button--primary"
            disabled={!changed || save.isPending}
          >
            {save.isPending ? T.saving : T.save}
            <span className="visually-hidden">{` ${pipeline.label}`}</span>
          </button>
        </div>
      </form>
    </section>
  );
}

interface RuleRowProps {
  event: CrmStageEvent;
  rule: CrmPipelineStageRules[CrmStageEvent];
  stages: Pipeline['stages'];
  disabled: boolean;
  onChange: (change: Partial<CrmPipelineStageRules[CrmStageEvent]>) => void;
}

function RuleRow({ event, rule, stages, disabled, onChange }: RuleRowProps) {
  const selectId = useId();
  const label = CRM_STAGE_EVENT_LABELS[event];
  const unknown = rule.stageId !== null && !stages.some((stage) => stage.id === rule.stageId);
  return (
    <li className="crm-rule">
      <label className="crm-rule__event" htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className="ps-select crm-rule__stage"
        value={rule.stageId ?? ''}
        disabled={disabled}
        onChange={(change) => onChange({ stageId: change.target.value || null })}
      >
        <option value="">{T.noMove}</option>
        {stages.map((stage) => (
          <option key={stage.id} value={stage.id}>
            {stage.label}
          </option>
        ))}
        {unknown ? (
          <option value={rule.stageId ?? ''}>{`${rule.stageId} (not in this pipeline)`}</option>
        ) : null}
      </select>
      <label className="crm-rule__back">
        <input
          type="checkbox"
          checked={rule.allowBackward}
          disabled={disabled || rule.stageId === null}
          onChange={(change) => onChange({ allowBackward: change.target.checked })}
        />
        <span>
          {T.allowBack}
          <span className="visually-hidden">{` (${label})`}</span>
        </span>
      </label>
    </li>
  );
}
