import { familyIds, isAgreementFamily } from '@prosign/domain';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** A family the product knows at the time of the call (a registered one included). */
export function IsAgreementFamily(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAgreementFamily',
      validator: {
        validate: (value: unknown) => isAgreementFamily(value),
        defaultMessage: () => `family must be one of: ${familyIds().join(', ')}`,
      },
    },
    options,
  );
}

/** A schema path that holds a family's id, checked against the families known when saved. */
export const AGREEMENT_FAMILY_PATH = {
  type: String,
  required: true,
  validate: {
    validator: (value: unknown) => isAgreementFamily(value),
    message: (props: { value: unknown }) => `${String(props.value)} is not a contract family`,
  },
} as const;
