/** The text blocks every contract field is built from (contracts/common.ts). */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { httpUrl, multiLineText, requiredMultiLineText, requiredText, singleLineText } from '#contracts/common.ts';

const parse = <S extends v.GenericSchema>(schema: S, value: unknown) => {
  const result = v.safeParse(v.object({ field: schema }), value === undefined ? {} : { field: value });
  return result.success ? { value: result.output.field } : { message: result.issues[0].message };
};

const CONTROL = ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009b', '\r', '\n', '\t', '\ud800'];

describe('requiredText', () => {
  const name = requiredText('Business name', 20);

  it('trims, and keeps what a person typed', () => {
    expect(parse(name, '  Ada’s Bakery  ')).toEqual({ value: 'Ada’s Bakery' });
    expect(parse(name, 'Café 👩‍🍳')).toEqual({ value: 'Café 👩‍🍳' });
  });

  it.each(['', '   ', '\u200b', '\u200b\u200c\u200d\u2060\ufeff', '\u00a0\u3000', '\u3164', '\u2800', '\u00ad'])(
    'takes %j, which shows nothing, as missing',
    (blank) => {
      expect(parse(name, blank)).toEqual({ message: 'Business name is required.' });
    },
  );

  it('names the field when it is missing, null or not text', () => {
    expect(parse(name, undefined)).toEqual({ message: 'Business name is required.' });
    expect(parse(name, null)).toEqual({ message: 'Business name is required.' });
    expect(parse(name, 42)).toEqual({ message: 'Business name is required.' });
  });

  it.each(CONTROL)('refuses the control character %j, naming the field', (control) => {
    expect(parse(name, `Ada${control}Bakery`)).toEqual({
      message: 'Business name must not contain control characters.',
    });
  });

  it('limits the length', () => {
    expect(parse(name, 'x'.repeat(21))).toEqual({ message: 'Business name must be at most 20 characters.' });
  });
});

describe('singleLineText', () => {
  const address = singleLineText('Address', 50);
  it('makes absent, null and blank into null', () => {
    expect(parse(address, undefined)).toEqual({ value: null });
    expect(parse(address, null)).toEqual({ value: null });
    expect(parse(address, ' \u200b ')).toEqual({ value: null });
    expect(parse(address, ' 12 Harbour Lane ')).toEqual({ value: '12 Harbour Lane' });
  });
  it('refuses a line break', () => {
    expect(parse(address, '12 Harbour Lane\nPortsmouth')).toEqual({
      message: 'Address must not contain control characters.',
    });
  });
});

describe('multiLineText and requiredMultiLineText', () => {
  const description = multiLineText('Description', 100);
  const post = requiredMultiLineText('Post', 100);
  it('keep newlines and tabs, folding Windows line ends', () => {
    expect(parse(description, 'Coffee\r\nCake\tand more\r')).toEqual({ value: 'Coffee\nCake\tand more' });
    expect(parse(post, 'Open late\non Fridays')).toEqual({ value: 'Open late\non Fridays' });
  });
  it.each(['\u0000', '\u001b', '\u0085', '\u000b', '\u000c'])('refuse %j', (control) => {
    expect(parse(description, `a${control}b`)).toEqual({ message: 'Description must not contain control characters.' });
    expect(parse(post, `a${control}b`)).toEqual({ message: 'Post must not contain control characters.' });
  });
  it('blank is null, or missing when required', () => {
    expect(parse(description, '\n\t \u200b')).toEqual({ value: null });
    expect(parse(post, '\n\t \u200b')).toEqual({ message: 'Post is required.' });
  });
});

describe('httpUrl', () => {
  const logo = httpUrl('Logo URL');
  it.each(['https://cdn.example.com/logo.png', 'http://example.com'])('accepts %s', (url) => {
    expect(parse(logo, url)).toEqual({ value: url });
  });
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://example.com/logo.png',
    '//example.com/logo.png',
    '/logo.png',
    'https://',
    'logo',
  ])('refuses %s', (url) => {
    expect(parse(logo, url)).toEqual({ message: 'Logo URL must be a web address starting with http:// or https://.' });
  });
  it('refuses a control character, and clears with blank', () => {
    expect(parse(logo, 'https://example.com/\u0000')).toEqual({
      message: 'Logo URL must not contain control characters.',
    });
    expect(parse(logo, '  ')).toEqual({ value: null });
  });
});
