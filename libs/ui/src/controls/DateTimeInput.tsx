import { fromDate, getLocalTimeZone, type ZonedDateTime } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Group,
  Popover,
} from 'react-aria-components/DatePicker';
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import {
  ControlLabel,
  ControlTexts,
  controlClass,
  fieldStateProps,
  TOP_LAYER,
  type ControlFieldProps,
} from './PickerShell';

export interface DateTimeInputProps extends ControlFieldProps {
  value: Date | null;
  onChange: (value: Date | null) => void;
  /** The earliest moment accepted (e.g. now: "refuses the past"). */
  min?: Date;
  /** The zone the date and time are read in; the browser's by default. */
  timeZone?: string;
}

/**
 * A date and time to the minute (React Aria's DatePicker): each part (month,
 * day, year, hour, minute, AM/PM) is a spin button — type digits or use the
 * arrow keys, Tab moves between parts; the calendar button opens a month grid
 * (arrow keys, Enter, Escape). A value before `min` is refused: the field is
 * marked invalid and says from when it is allowed, and dates before it are
 * disabled in the calendar.
 */
export function DateTimeInput({
  value,
  onChange,
  min,
  timeZone = getLocalTimeZone(),
  ...field
}: DateTimeInputProps) {
  const toZoned = (date: Date): ZonedDateTime =>
    fromDate(date, timeZone).set({ second: 0, millisecond: 0 });
  return (
    <DatePicker<ZonedDateTime>
      {...fieldStateProps(field)}
      className={controlClass('ps-datetime', field.className)}
      value={value ? toZoned(value) : null}
      onChange={(next) => onChange(next ? next.toDate() : null)}
      minValue={min ? toZoned(min) : undefined}
      granularity="minute"
      hideTimeZone
    >
      <ControlLabel {...field} />
      <Group className="ps-datetime__group">
        <DateInput className="ps-datetime__input">
          {(segment) => <DateSegment segment={segment} className="ps-datetime__segment" />}
        </DateInput>
        <Button className="ps-datetime__button" aria-label="Open calendar">
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      <ControlTexts {...field} />
      <Popover {...TOP_LAYER} className="ps-popover" placement="bottom start" offset={4}>
        <Dialog className="ps-calendar-dialog" aria-label={`${field.label}: calendar`}>
          <Calendar className="ps-calendar">
            <header className="ps-calendar__header">
              <Button slot="previous" className="ps-calendar__nav" aria-label="Previous month">
                ‹
              </Button>
              <Heading className="ps-calendar__title" />
              <Button slot="next" className="ps-calendar__nav" aria-label="Next month">
                ›
              </Button>
            </header>
            <CalendarGrid className="ps-calendar__grid">
              {(date) => <CalendarCell date={date} className="ps-calendar__cell" />}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
