/** English month names, lower case, January first: `MONTH_NAMES.indexOf(name) + 1` is the month number. */
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
