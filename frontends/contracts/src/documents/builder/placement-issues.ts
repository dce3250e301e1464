// The send readiness problems (placementProblems, libs/domain field-rules.ts) each tied to the
// field it is about, so the list can take staff to it; then the signers' own (a name or an
// e-mail missing: recipient-problems.ts), each tied to its input; the rest are about the file.
import {
  nameFromStaffEmail,
  placementProblems,
  type FieldPlacement,
  type PlacementRecipient,
} from '@prosign/domain';
import { recipientInputId, recipientProblems } from './recipient-problems';
import { recipientLabel } from './recipients';

export interface PlacementIssue {
  message: string;
  /** The field it is about; null for a signer's or the document's problem. */
  fieldId: string | null;
  /** The signer's input it is about (a name, an e-mail), by its element id. */
  inputId?: string;
}

/**
 * Every problem of the placement, the fields' first in their order, then the signers'. A field's own problems are
 * those placementProblems finds in it alone, less what it finds with no field at all (the signers
 * without a signature field).
 */
export function placementIssues(
  placement: FieldPlacement,
  entered: readonly PlacementRecipient[],
): PlacementIssue[] {
  // A signer whose name is not typed yet is named as the builder names them ("Signer 2").
  const recipients = entered.map((recipient, index) => ({
    ...recipient,
    name:
      recipient.role === 'countersigner'
        ? recipient.name.trim() ||
          (recipient.email.trim() ? nameFromStaffEmail(recipient.email) : 'not chosen yet')
        : recipientLabel(recipient, index),
  }));
  const withoutFields = new Set(placementProblems({ ...placement, fields: [] }, recipients));
  const issues: PlacementIssue[] = [];
  const attributed = new Set<string>();
  for (const field of placement.fields) {
    for (const message of placementProblems({ ...placement, fields: [field] }, recipients)) {
      if (withoutFields.has(message)) continue;
      issues.push({ message, fieldId: field.id });
      attributed.add(message);
    }
  }
  for (const message of placementProblems(placement, recipients)) {
    if (!attributed.has(message)) issues.push({ message, fieldId: null });
  }
  for (const problem of recipientProblems(entered)) {
    const at = entered.findIndex((recipient) => recipient.id === problem.recipientId);
    issues.push({
      message:
        at >= 0 && entered[at].role !== 'countersigner'
          ? `${recipients[at].name}: ${problem.message}`
          : problem.message,
      fieldId: null,
      ...(at >= 0 && problem.input
        ? { inputId: recipientInputId(entered[at].id, problem.input) }
        : {}),
    });
  }
  return issues;
}
