import {
  noStageRules,
  plannedStageMove,
  sentSignedRules,
  stageRuleProblems,
} from '../crm-stage-mapping';

const stages = [
  { id: 'new', label: 'New', displayOrder: 0 },
  { id: 'sent', label: 'Contract sent', displayOrder: 1 },
  { id: 'won', label: 'Won', displayOrder: 2 },
];

describe('stages per event', () => {
  it('moves a deal forward to the mapped stage, once', () => {
    expect(plannedStageMove(stages, 'new', { stageId: 'sent', allowBackward: false })).toBe('sent');
    // The event again: the deal is there, nothing moves.
    expect(plannedStageMove(stages, 'sent', { stageId: 'sent', allowBackward: false })).toBeNull();
  });

  it('never moves backwards unless the rule allows it', () => {
    expect(plannedStageMove(stages, 'won', { stageId: 'sent', allowBackward: false })).toBeNull();
    expect(plannedStageMove(stages, 'won', { stageId: 'new', allowBackward: true })).toBe('new');
  });

  it('"no move" and a stage the pipeline lacks move nothing; an unknown current stage moves forward', () => {
    expect(plannedStageMove(stages, 'new', { stageId: null, allowBackward: true })).toBeNull();
    expect(plannedStageMove(stages, 'new', { stageId: 'gone', allowBackward: false })).toBeNull();
    expect(plannedStageMove(stages, 'archived', { stageId: 'won', allowBackward: false })).toBe(
      'won',
    );
    expect(plannedStageMove(stages, null, undefined)).toBeNull();
  });

  it('checks an admin’s rules: every event, stages of the pipeline only', () => {
    expect(stageRuleProblems(sentSignedRules('sent', 'won'), stages)).toEqual([]);
    expect(stageRuleProblems(noStageRules(), stages)).toEqual([]);
    const { viewed: _viewed, ...missing } = sentSignedRules('sent', 'won');
    expect(stageRuleProblems(missing, stages)).toEqual(['viewed: a stage or none is required']);
    expect(
      stageRuleProblems(
        { ...noStageRules(), signed: { stageId: 'closedwon', allowBackward: false } },
        stages,
      ),
    ).toEqual(['signed: closedwon is not a stage of this pipeline']);
    expect(stageRuleProblems({ ...noStageRules(), paid: {} }, stages)).toEqual([
      'unknown event paid',
    ]);
    expect(stageRuleProblems('x', stages)).toEqual(['rules must be an object']);
  });
});
