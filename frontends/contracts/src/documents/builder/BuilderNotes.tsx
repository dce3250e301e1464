interface BuilderNotesProps {
  readOnly: boolean;
  /** The id the fields' hint is read by. */
  hintId: string;
  /** What was last done, read out politely. */
  message: string;
}

/** What the builder tells: why a phone only shows the fields, the keys, and what was done. */
export function BuilderNotes({ readOnly, hintId, message }: BuilderNotesProps) {
  return (
    <>
      {readOnly ? (
        <p className="ps-doc-builder__note" role="note">
          Placing fields needs a larger screen. The fields are shown as they are; open this page on
          a computer to place them.
        </p>
      ) : null}
      <p id={hintId} className="ps-visually-hidden">
        Arrow keys move the field, Shift and the arrow keys resize it, Delete removes it.
      </p>
      <div className="ps-visually-hidden" aria-live="polite" aria-atomic="true">
        {message}
      </div>
    </>
  );
}
