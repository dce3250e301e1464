import {
  useCallback,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { Field, joinClasses } from './Field';

/** Whether the browser sizes a textarea to its text itself (CSS `field-sizing: content`). */
function sizesToContent(): boolean {
  return typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content') === true;
}

/**
 * Grows the textarea to its whole text where CSS cannot (`field-sizing`
 * unsupported): on every value and whenever its width changes (the text wraps
 * anew).
 */
function useFitToText(value: string) {
  const element = useRef<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    const textarea = element.current;
    if (!textarea || sizesToContent()) return;
    const fit = () => {
      textarea.style.height = 'auto';
      const borders = textarea.offsetHeight - textarea.clientHeight;
      // Not laid out (hidden, or a DOM without layout): the CSS height stays.
      textarea.style.height =
        textarea.scrollHeight > 0 ? `${textarea.scrollHeight + borders}px` : '';
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    let width = textarea.clientWidth;
    const observer = new ResizeObserver(() => {
      if (textarea.clientWidth === width) return;
      width = textarea.clientWidth;
      fit();
    });
    observer.observe(textarea);
    return () => observer.disconnect();
  }, [value]);
  return element;
}

export type ReadOnlyTextProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'defaultValue' | 'readOnly' | 'onChange'
> & {
  value: string;
  ref?: Ref<HTMLTextAreaElement>;
};

/**
 * A value the user cannot change, shown whole: a read-only textarea (one line
 * high unless `rows` says more) that wraps and grows with its text, where a one-line input cut long
 * values ("88 Sunset Blvd, Oakland, CA 94"). It stays a labelled, focusable
 * text box (role textbox, read-only) that a form still submits by its name.
 */
export function ReadOnlyText({ value, className, ref, rows = 1, ...props }: ReadOnlyTextProps) {
  const fitted = useFitToText(value);
  const setRef = useCallback(
    (node: HTMLTextAreaElement | null) => {
      fitted.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [fitted, ref],
  );
  return (
    <textarea
      {...props}
      ref={setRef}
      readOnly
      rows={rows}
      className={joinClasses('ps-input ps-input--read-only', className)}
      value={value}
    />
  );
}

export interface ReadOnlyFieldProps {
  label: ReactNode;
  value: string;
  /** The form's name of the value (it is submitted with the form). */
  name?: string;
  required?: boolean;
  hint?: ReactNode;
  id?: string;
  className?: string;
  inputClassName?: string;
}

/** A labelled read-only value (a Field around ReadOnlyText), shown whole however narrow. */
export function ReadOnlyField({ value, name, inputClassName, ...field }: ReadOnlyFieldProps) {
  return (
    <Field {...field}>
      {(aria) => <ReadOnlyText {...aria} name={name} className={inputClassName} value={value} />}
    </Field>
  );
}
