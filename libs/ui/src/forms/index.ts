// Forms on react-hook-form with zod schemas, styled by the design tokens of
// `@prosign/ui`: labelled fields with their required marker, hint and error,
// fields bound to a form, the form's error summary, a submit button driven by
// a mutation's pending state, and the server's refusals shown in the form.
// Schemas call the rules of `@prosign/domain` (domainRule), never restate them.
// Its own entry (and federation singleton), loaded only by screens with forms.
import './forms.css';

export { Field, FieldError, RequiredMarker } from './Field';
export { CheckboxField, NumberField, TextAreaField, TextField } from './bound-fields';
export { CheckboxGroupField } from './CheckboxGroupField';
export { ReadOnlyField } from './ReadOnlyText';
export { FormErrorSummary } from './FormErrorSummary';
export { SubmitButton } from './SubmitButton';
export { useZodForm, type ZodForm } from './useZodForm';
export { useFormControl, type FormControlBinding } from './useFormControl';
export { domainRule } from './domain-rule';
export { staffEmailSchema } from './schemas';
export { applyServerErrors, type ServerFieldMatchers } from './server-errors';
export { AdditionalSigners } from './signers/AdditionalSigners';
export {
  DEFAULT_SIGNING_ORDER,
  signerErrors,
  signersFormOf,
  signersRequest,
  type PlacedSignerError,
  type SignerFieldPaths,
  type SignerRow,
  type SignersFormValues,
} from './signers/signer-list';
export { HandoverFields } from './handover/HandoverFields';
export { emailCodeFieldOf, emailCodeRequest, FormEmailCode } from './email-code/FormEmailCode';
export { CountersignerPicker, countersignerProblem } from './countersigner/CountersignerPicker';
export { FormCountersigner } from './countersigner/FormCountersigner';
