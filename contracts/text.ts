/**
 * What counts as text a person typed. Shared by the field blocks in contracts/common.ts, the password
 * rule and the server's last-line check of every JSON body (server/lib/validate.ts).
 */

// Control characters are never typed text: C0 (NUL, ESC, ...), DEL and C1, lone UTF-16 surrogates
// (half a character), and the bidirectional embedding, override and isolate controls (U+202A-U+202E,
// U+2066-U+2069) that make text read differently from how it is stored ("Trojan Source": an RTL
// override turns "gpj.exe" into "exe.jpg" on screen). Right-to-left scripts need none of them.
// NUL in particular cannot be stored in PostgreSQL. Multi-line text keeps newline and tab (carriage
// returns are folded into newlines before this check).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;

/** True when `text` contains a character that the field may not hold. */
export const hasControlCharacters = (text: string, { multiLine = false } = {}): boolean =>
  (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);

/**
 * Characters that show nothing: white space, format characters (zero-width space and joiners, bidi
 * marks, soft hyphen, BOM) and the blank letters (combining grapheme joiner, Hangul fillers, braille
 * blank). A value made only of these is empty.
 */
const INVISIBLE = /[\p{White_Space}\p{Cf}\u115f\u1160\u2800\u3164\uffa0]|\u034f/gu;

/** True when `text` holds nothing a person could see. */
export const isBlank = (text: string): boolean => text.replace(INVISIBLE, '') === '';
