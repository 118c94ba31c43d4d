/**
 * Text a spreadsheet could run as a formula, made inert. A formula starts with = + - @ (or a tab or CR,
 * which some apps strip first), at the start of a cell or wherever a spreadsheet might split one: after
 * `;` (the list separator of many locales, which opens a comma-separated file split on `;`), `,` (a
 * file opened without its quotes honoured), a tab or a line break. Each such trigger gets an apostrophe
 * before it, so Excel, Sheets and LibreOffice show the text and run nothing: `a;=1+1` → `a;'=1+1`.
 * The export also quotes every text cell (followers.routes.ts), so a cell is only split by an app that
 * ignores quoting altogether.
 */
export const neutraliseFormula = (value: string) =>
  value.replace(/(^|[;,\t\r\n])(\s*)(?=[=+\-@\t\r])/g, (_all, split: string, space: string) => `${split}${space}'`);
