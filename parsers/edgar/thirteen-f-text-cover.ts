import { parseTextInformationTable } from './thirteen-f-text.ts';

/**
 * The text-era 13F cover page (typed text, like the information table of those years). Its amendment fields are
 * check boxes, the XML cover's `isAmendment` / `amendmentNo` / `amendmentType` as the form printed them:
 *
 *   Check here if Amendment [X]; Amendment Number: 1
 *   This Amendment (Check only one.):  [X] is a restatement.
 *                                      [ ] adds new holdings entries.
 *
 * Rules, each about the form:
 * - A box is `[`, at most three characters, `]`; it is checked when it holds anything but spaces and underscores
 *   (`[X]`, `[x]`, `[ X]`), empty otherwise (`[ ]`, `[]`, `[_]`).
 * - The amendment box is the box after "Check here if Amendment"; the amendment number is the number printed after
 *   "Amendment Number:" on its line (blank, or a rule line under it: null).
 * - The amendment type is the option ("is a restatement" -> RESTATEMENT, "adds new holdings entries" -> NEW
 *   HOLDINGS) whose box, printed just before it, is checked; neither or both checked: null (both: a warning).
 *   A checked type makes the filing an amendment even when the amendment box was left empty, as on the XML cover.
 * - The manager is the first `Name:` line after "Institutional Investment Manager Filing this Report"; the period
 *   and the summary page's totals and unit are read as the text table reads them (`parseTextInformationTable`).
 */
export interface TextCover {
  isAmendment: boolean;
  amendmentNo: number | null;
  amendmentType: 'RESTATEMENT' | 'NEW HOLDINGS' | null;
  filerName: string | null;
  reportPeriod: string | null;
  tableEntryTotal: number | null;
  tableValueTotal: number | null;
  statedUnit: 'thousands' | 'dollars' | null;
  warnings: string[];
}

const BOX = String.raw`\[([^\]\n]{0,3})\]`;
const checked = (inside: string | undefined) => inside !== undefined && /[^\s_]/.test(inside);

/** True when the text holds a typed Form 13F cover page. */
export function isTextCover(text: string): boolean {
  return /FORM\s+13F\s+COVER\s+PAGE/i.test(text);
}

export function parseTextCover(input: string): TextCover {
  const text = input.replace(/\r\n?/g, '\n');
  const warnings: string[] = [];
  const amendBox = new RegExp(String.raw`Check\s+here\s+if\s+Amendment:?\s*${BOX}`, 'i').exec(text);
  const number = /Amendment\s+Number:?[ \t]*(\d+)/i.exec(text);
  const restatement = checked(new RegExp(String.raw`${BOX}\s*is\s+a\s+restatement`, 'i').exec(text)?.[1]);
  const newHoldings = checked(
    new RegExp(String.raw`${BOX}\s*adds\s+new\s+holdings?\s+entries`, 'i').exec(text)?.[1],
  );
  if (restatement && newHoldings)
    warnings.push('both amendment-type boxes are checked (restatement and new holdings): type not read');
  const amendmentType =
    restatement === newHoldings ? null : restatement ? ('RESTATEMENT' as const) : ('NEW HOLDINGS' as const);
  const manager =
    /Institutional\s+Investment\s+Manager\s+Filing\s+this\s+Report:?[\s\S]*?\n\s*Name:[ \t]*([^\n]+)/i.exec(
      text,
    );
  const totals = parseTextInformationTable(text);
  return {
    isAmendment: checked(amendBox?.[1]) || amendmentType !== null,
    amendmentNo: number ? Number(number[1]) : null,
    amendmentType,
    filerName: manager?.[1]?.trim() || null,
    reportPeriod: totals.reportPeriod,
    tableEntryTotal: totals.tableEntryTotal,
    tableValueTotal: totals.tableValueTotal,
    statedUnit: totals.statedUnit,
    warnings,
  };
}
