import {
  get,
  useFormState,
  type Control,
  type FieldError as HookFieldError,
  type FieldPath,
  type FieldValues,
  type UseFormSetFocus,
} from 'react-hook-form';

export interface FormErrorSummaryProps<T extends FieldValues, O extends FieldValues = T> {
  control?: Control<T, unknown, O>;
  /** A heading line, e.g. "Please correct the following:". */
  title?: string;
  /**
   * Fields to list by label while they are invalid; each entry moves the focus
   * to its field when `setFocus` is given.
   */
  fields?: Partial<Record<FieldPath<T>, string>>;
  setFocus?: UseFormSetFocus<T>;
  className?: string;
}

/** The form-level messages react-hook-form keeps under `root` (`root` itself and `root.<key>`). */
function rootMessages(root: Record<string, unknown> | undefined): string[] {
  if (!root) return [];
  const messages: string[] = [];
  if (typeof root.message === 'string' && root.message) messages.push(root.message);
  for (const [key, value] of Object.entries(root)) {
    if (key === 'message' || key === 'type' || key === 'ref') continue;
    const message = (value as HookFieldError | undefined)?.message;
    if (message) messages.push(message);
  }
  return messages;
}

/**
 * The banner at the top of a form (role="alert"): what the server refused that
 * belongs to no field (`root.server`, see applyServerErrors) and, when asked,
 * the invalid fields by label. Shows nothing while there is nothing to say.
 */
export function FormErrorSummary<T extends FieldValues, O extends FieldValues = T>({
  control,
  title,
  fields,
  setFocus,
  className,
}: FormErrorSummaryProps<T, O>) {
  const { errors } = useFormState<T, O>({ control });
  const messages = rootMessages(errors.root as Record<string, unknown> | undefined);
  const invalid = Object.entries(fields ?? {}).flatMap(([name, label]) => {
    const message = (get(errors, name) as HookFieldError | undefined)?.message;
    return message ? [{ name: name as FieldPath<T>, label: label as string, message }] : [];
  });
  if (messages.length === 0 && invalid.length === 0) return null;
  return (
    <div role="alert" className={['ps-form-alert', className].filter(Boolean).join(' ')}>
      {title ? <p className="ps-form-alert__title">{title}</p> : null}
      {messages.map((message) => (
        <p key={message} className="ps-form-alert__message">
          {message}
        </p>
      ))}
      {invalid.length > 0 ? (
        <ul className="ps-form-alert__list">
          {invalid.map(({ name, label, message }) => (
            <li key={name}>
              {setFocus ? (
                <button type="button" className="ps-link-button" onClick={() => setFocus(name)}>
                  {label}
                </button>
              ) : (
                label
              )}
              : {message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
