// Forms on react-hook-form with zod schemas, styled by the design tokens of
// `@prosign/ui`: labelled fields with their required marker, hint and error,
// fields bound to a form, the form's error summary, a submit button driven by
// a mutation's pending state, and the server's refusals shown in the form.
// Schemas call the rules of `@prosign/domain` (domainRule), never restate them.
// Its own entry (and federation singleton), loaded only by screens with forms.
import './forms.css';

export {
  Field,
  FieldError,
  RequiredMarker,
  type FieldControlProps,
  type FieldProps,
} from './Field';
export {
  CheckboxField,
  NumberField,
  TextAreaField,
  TextField,
  type BoundFieldProps,
  type CheckboxFieldProps,
  type NumberFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './bound-fields';
export {
  ReadOnlyField,
  ReadOnlyText,
  type ReadOnlyFieldProps,
  type ReadOnlyTextProps,
} from './ReadOnlyText';
export { FormErrorSummary, type FormErrorSummaryProps } from './FormErrorSummary';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { useZodForm, type ZodForm, type ZodFormOptions } from './useZodForm';
export { useFormControl, type FormControlBinding } from './useFormControl';
export { domainRule, type DomainRule } from './domain-rule';
export { staffEmailSchema } from './schemas';
export {
  applyServerErrors,
  clientErrorMessages,
  SERVER_ERROR,
  serverFormErrors,
  type ServerFieldMatchers,
  type ServerFormErrors,
  type ServerMessageMatcher,
} from './server-errors';
export { AdditionalSigners, type AdditionalSignersProps } from './signers/AdditionalSigners';
export {
  DEFAULT_SIGNING_ORDER,
  EMPTY_SIGNER_ROW,
  MAX_ADDITIONAL_SIGNERS,
  SIGNING_ORDER_CHOICES,
  SIGNING_ORDER_LABELS,
  recipientInputsOf,
  signerErrors,
  signerPicks,
  signersFormOf,
  signersRequest,
  type PlacedSignerError,
  type SignerFieldPaths,
  type SignerRow,
  type SignerRowPath,
  type SignersFormValues,
} from './signers/signer-list';
export {
  HandoverFields,
  type HandoverField,
  type HandoverFieldsProps,
} from './handover/HandoverFields';
export {
  emailCodeFieldOf,
  emailCodeRequest,
  FormEmailCode,
  type FormEmailCodeProps,
} from './email-code/FormEmailCode';
export {
  COUNTERSIGNER_PICKER_TEXTS,
  CountersignerPicker,
  countersignerProblem,
  type CountersignerPickerProps,
} from './countersigner/CountersignerPicker';
export { FormCountersigner, type FormCountersignerProps } from './countersigner/FormCountersigner';
