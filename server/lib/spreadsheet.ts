/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab/CR that some apps strip first) gets a
 * leading apostrophe, so an export opened in Excel or Sheets shows the text and runs nothing.
 */
export const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
