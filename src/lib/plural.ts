/**
 * A count with its noun in the right form for the number, by the language's own plural rules
 * (Intl.PluralRules): "1 post per day", "3 posts per day", "1 bookable resource". The portal is in
 * English (en-US numbers, as the prices).
 */
const rules = new Intl.PluralRules('en-US');

export const countOf = (n: number, one: string, other: string) =>
  `${n.toLocaleString('en-US')} ${rules.select(n) === 'one' ? one : other}`;
