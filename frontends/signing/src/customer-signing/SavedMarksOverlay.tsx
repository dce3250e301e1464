import { formatPacificDate, type SigningSlot } from '@prosign/domain';
import type { CSSProperties } from 'react';

export interface SavedMarks {
  /** The typed signature; null for an uploaded or drawn one (shown as a note). */
  signature: string | null;
  initials: string;
  /** The date the document will carry (today, Pacific time). */
  date: Date;
}

const SIGNATURE_NOTE = 'Signature saved';

const MARK_CLASS: Readonly<Record<SigningSlot['kind'], string>> = {
  signature: 'signature',
  initials: 'initials',
  signedDate: 'date',
};

/** What a slot shows; `note` when it is a word about the mark rather than the mark itself. */
function markText(kind: SigningSlot['kind'], marks: SavedMarks): { text: string; note: boolean } {
  switch (kind) {
    case 'signature':
      return { text: marks.signature ?? SIGNATURE_NOTE, note: marks.signature === null };
    case 'initials':
      return { text: marks.initials, note: false };
    case 'signedDate':
      return { text: formatPacificDate(marks.date), note: false };
  }
}

function boxStyle(slot: SigningSlot): CSSProperties {
  return {
    left: `${slot.left * 100}%`,
    top: `${slot.top * 100}%`,
    width: `${slot.width * 100}%`,
    height: `${slot.height * 100}%`,
  };
}

/**
 * The saved signature, its date and the initials drawn over one page of the
 * agreement, in the boxes the layout keeps for them, so the signer sees them
 * where they will be stamped when the agreement is finished.
 */
export function SavedMarksOverlay({
  page,
  slots,
  marks,
}: {
  page: number;
  slots: readonly SigningSlot[];
  marks: SavedMarks;
}) {
  const here = slots.filter((slot) => slot.page === page);
  if (here.length === 0) return null;
  return (
    <div className="sg-marks" data-testid={`saved-marks-page-${page}`}>
      {here.map((slot, index) => {
        const { text, note } = markText(slot.kind, marks);
        return (
          <span
            key={`${slot.kind}-${index}`}
            className={`sg-marks__box sg-marks__box--${MARK_CLASS[slot.kind]}${note ? ' sg-marks__box--note' : ''}`}
            style={boxStyle(slot)}
            data-mark={MARK_CLASS[slot.kind]}
          >
            <span className="sg-marks__text">{text}</span>
          </span>
        );
      })}
    </div>
  );
}
