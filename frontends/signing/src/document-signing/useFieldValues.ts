import {
  fieldValueProblem,
  isEmptyFieldValue,
  SIGNED_FIELD_VALUE,
  type DocumentSigningView,
  type Field,
  type FieldValue,
} from '@prosign/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fillableFieldsOf } from './signing-fields';

/** How long the page waits after the last change before saving: one save for a typed word. */
export const SAVE_DEBOUNCE_MS = 700;

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string };

/**
 * The values the page starts from: those the view holds (saved over the defaults; null when
 * cleared), else the field's default; with the signature adopted, every signature and initials
 * field shows it.
 */
function startingValues(
  own: readonly Field[],
  view: DocumentSigningView,
  signatureAdopted: boolean,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of own) {
    const value = field.id in view.values ? view.values[field.id] : field.defaultValue;
    const signs = field.kind === 'signature' || field.kind === 'initials';
    values[field.id] = signs && signatureAdopted ? SIGNED_FIELD_VALUE : (value ?? null);
  }
  return values;
}

/**
 * What a save sends: every own field, with its value when given and without a problem, else
 * null (the server keeps what is not named, and one refused value refuses the whole save).
 */
function valuesToSave(
  own: readonly Field[],
  values: Readonly<Record<string, FieldValue | undefined>>,
): Record<string, FieldValue> {
  const sent: Record<string, FieldValue> = {};
  for (const field of own) {
    const value = values[field.id] ?? null;
    const given = !isEmptyFieldValue(field, value) && fieldValueProblem(field, value) === null;
    sent[field.id] = given ? value : null;
  }
  return sent;
}

const sameValues = (a: Record<string, FieldValue>, b: Record<string, FieldValue>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The recipient's values as they give them, saved a moment after each change (one PUT for a
 * run of keystrokes) and at once by `flush` (before Finish). A failed save says why and is
 * tried again with the next change or `flush`.
 */
export function useFieldValues(
  view: DocumentSigningView,
  signatureAdopted: boolean,
  save: (values: Record<string, FieldValue>) => Promise<unknown>,
  serverMessage: (error: unknown) => string,
) {
  const own = useMemo(
    () => fillableFieldsOf(view.fields, view.recipientId),
    [view.fields, view.recipientId],
  );
  const [values, setValues] = useState(() => startingValues(own, view, signatureAdopted));
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const latest = useRef(values);
  latest.current = values;
  // What the server holds: what it sent, then what each save stored.
  const stored = useRef<Record<string, FieldValue>>(valuesToSave(own, view.values));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<boolean> | null>(null);

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // One save at a time; a change made meanwhile is saved after it.
    if (running.current) await running.current;
    const wanted = valuesToSave(own, latest.current);
    if (sameValues(wanted, stored.current)) {
      setStatus((previous) => (previous.kind === 'idle' ? previous : { kind: 'saved' }));
      return true;
    }
    setStatus({ kind: 'saving' });
    const attempt = save(wanted).then(
      () => {
        stored.current = wanted;
        setStatus({ kind: 'saved' });
        return true;
      },
      (error: unknown) => {
        setStatus({ kind: 'failed', message: serverMessage(error) });
        return false;
      },
    );
    running.current = attempt;
    const saved = await attempt;
    running.current = null;
    return saved;
  }, [own, save, serverMessage]);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setStatus({ kind: 'pending' });
    timer.current = setTimeout(() => void saveNow(), SAVE_DEBOUNCE_MS);
  }, [saveNow]);

  const setValue = useCallback(
    (id: string, value: FieldValue) => {
      setValues((previous) => ({ ...previous, [id]: value }));
      latest.current = { ...latest.current, [id]: value };
      schedule();
    },
    [schedule],
  );

  /** The adopted signature shown in every signature and initials field at once. */
  const markSigned = useCallback(() => {
    const marks = Object.fromEntries(
      own
        .filter((field) => field.kind === 'signature' || field.kind === 'initials')
        .map((field) => [field.id, SIGNED_FIELD_VALUE]),
    );
    setValues((previous) => ({ ...previous, ...marks }));
    latest.current = { ...latest.current, ...marks };
    schedule();
  }, [own, schedule]);

  // Values the server does not hold yet (defaults, an adopted signature) go with the first save.
  useEffect(() => {
    if (!sameValues(valuesToSave(own, latest.current), stored.current)) schedule();
    // Leaving the page saves what waits (StrictMode's second run then finds nothing to save).
    return () => {
      if (timer.current) void saveNow();
    };
    // Once, for the values the page started from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { values, setValue, markSigned, status, flush: saveNow };
}
