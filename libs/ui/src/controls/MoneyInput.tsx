import { MONEY_STEP, USD_FORMAT } from '@prosign/domain';
import { Group, Input, NumberField } from 'react-aria-components/NumberField';
import {
  ControlLabel,
  ControlTexts,
  controlClass,
  fieldStateProps,
  type ControlFieldProps,
} from './PickerShell';

export interface MoneyInputProps extends ControlFieldProps {
  /** Dollars; null while empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** What the arrow keys add or take away, and what a typed amount is rounded to (cents by default). */
  step?: number;
  /** The smallest amount (0 by default: amounts never go below nothing). */
  min?: number;
  max?: number;
  name?: string;
  isReadOnly?: boolean;
}

/**
 * A dollar amount (React Aria's NumberField, formatted with the domain's
 * USD_FORMAT: "$1,250.00"): type the amount, or ArrowUp/ArrowDown by `step`
 * (Page Up/Down, Home/End for min/max). When the field is left the amount is
 * kept within `min`/`max` and rounded to the step, so a typed "-200" becomes
 * 0 (spec 3 §4) and a fee with step 10 is a multiple of 10 (spec 3 §5).
 *
 * `min` is applied here, not given to React Aria: with a minimum of 0 it
 * refuses the minus key, so "-200" would silently become 200.
 */
export function MoneyInput({
  value,
  onChange,
  step = MONEY_STEP.cents,
  min = 0,
  max,
  name,
  isReadOnly,
  ...field
}: MoneyInputProps) {
  return (
    <NumberField
      {...fieldStateProps(field)}
      className={controlClass('ps-money', field.className)}
      value={value ?? Number.NaN}
      onChange={(next) => onChange(Number.isNaN(next) ? null : Math.max(min, next))}
      formatOptions={USD_FORMAT}
      step={step}
      maxValue={max}
      name={name}
      isReadOnly={isReadOnly}
    >
      <ControlLabel {...field} />
      <Group className="ps-money__group">
        <Input className="ps-input ps-money__input" />
      </Group>
      <ControlTexts {...field} />
    </NumberField>
  );
}
