/** The one password rule (contracts/password.ts), as the forms, the API, the identity provider and the CLI apply it. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RegisterRequest } from '#contracts/account.ts';
import { COMMON_PASSWORDS } from '#contracts/common-passwords.ts';
import { isCommonPassword, PASSWORD_MESSAGES, Password, passwordProblem } from '#contracts/password.ts';
import { commonPasswordsModule } from '../../scripts/lib/common-passwords.ts';

describe('the password rule', () => {
  it('says each rule in its own plain words', () => {
    expect(PASSWORD_MESSAGES.tooShort).toBe('Use at least 8 characters.');
    expect(PASSWORD_MESSAGES.tooCommon).toBe('This password is too common. Choose one that is harder to guess.');
    expect(PASSWORD_MESSAGES.sameAsEmail).toBe("Don't use your e-mail address as your password.");
  });

  it.each([
    ['', 'Password is required.'],
    ['short', 'Use at least 8 characters.'],
    ['1234567', 'Use at least 8 characters.'],
    ['12345678', PASSWORD_MESSAGES.tooCommon],
    ['password', PASSWORD_MESSAGES.tooCommon],
    ['PassWord', PASSWORD_MESSAGES.tooCommon],
    ['iloveyou', PASSWORD_MESSAGES.tooCommon],
    ['qwertyuiop', PASSWORD_MESSAGES.tooCommon],
    ['        ', PASSWORD_MESSAGES.tooCommon],
    ['\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b', PASSWORD_MESSAGES.tooCommon],
    ['aaaaaaaaaa', PASSWORD_MESSAGES.tooCommon],
    ['x'.repeat(257), 'Use at most 256 characters.'],
  ])('refuses %j: %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
    expect(v.safeParse(Password, password).issues?.[0]?.message).toBe(message);
  });

  it('refuses the e-mail address as the password, whatever its case', () => {
    expect(passwordProblem('Ada.Baker@Example.com', 'ada.baker@example.com')).toBe(PASSWORD_MESSAGES.sameAsEmail);
    expect(passwordProblem('ada.baker@example.com', ' Ada.Baker@example.COM ')).toBe(PASSWORD_MESSAGES.sameAsEmail);
    expect(passwordProblem('ada.baker@example.com!', 'ada.baker@example.com')).toBeUndefined();
  });

  it.each(['Bread&Butter1', 'correct horse battery staple', 'Ünïcödé-Pässwörd', '🔑🔑🔑🔑🔑🔑🔑x'])(
    'accepts %j',
    (password) => {
      expect(passwordProblem(password, 'ada@example.com')).toBeUndefined();
      expect(v.safeParse(Password, password).success).toBe(true);
    },
  );

  it('counts characters as a person does: eight emoji are eight characters', () => {
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑🗝️')).toBeUndefined();
  });

  it('registration reports the e-mail rule on the password field', () => {
    const result = v.safeParse(RegisterRequest, {
      firstName: 'Ada',
      lastName: 'Baker',
      email: 'ada.baker@example.com',
      password: 'ADA.BAKER@example.com',
      businessName: 'Bakery',
    });
    expect(result.issues?.[0]?.message).toBe(PASSWORD_MESSAGES.sameAsEmail);
    expect(v.getDotPath(result.issues![0]!)).toBe('password');
  });
});

describe('the common-password list', () => {
  const list = COMMON_PASSWORDS.split('\n');

  it('holds the 10,000 most common passwords that the length rule does not already refuse', () => {
    expect(list.length).toBeGreaterThan(3000);
    expect(new Set(list).size).toBe(list.length);
    for (const password of list) {
      expect([...password].length).toBeGreaterThanOrEqual(8);
      expect(password).toBe(password.toLowerCase());
    }
    for (const known of ['password', '12345678', 'baseball', 'sunshine', 'trustno1', 'password1', 'iloveyou']) {
      expect(isCommonPassword(known), known).toBe(true);
    }
  });

  it('is what `npm run passwords` writes from @zxcvbn-ts/language-common', () => {
    const file = readFileSync(resolve(import.meta.dirname, '../../contracts/common-passwords.ts'), 'utf8');
    expect(file === commonPasswordsModule(), 'contracts/common-passwords.ts is stale: run npm run passwords').toBe(
      true,
    );
  });
});
