import { DISPLAY_TIME_ZONE, DISPLAY_TIME_ZONE_LABEL } from '../constants/limits';

const PACIFIC = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Mar 4, 2026, 9:05 AM PST": times are shown in Pacific time, labelled PST (spec 1 §9). */
export function formatPacificDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${PACIFIC.format(date)} ${DISPLAY_TIME_ZONE_LABEL}`;
}
