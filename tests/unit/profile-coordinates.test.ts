/** Typed coordinates in the Business Profile dialog: the server contract's ranges and messages, as a pair. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BusinessProfileUpdate, LATITUDE, LONGITUDE } from '#contracts/businesses.ts';
import { draftErrors, parseCoordinate } from '#machines/business-profile.machine.ts';

const draft = (latitude: string, longitude: string) => ({
  businessname: 'Harbour Lane Coffee',
  description: '',
  address: '',
  latitude,
  longitude,
});

describe('a typed coordinate', () => {
  it.each([
    ['52.520008', 52.520008],
    [' -13.4 ', -13.4],
    ['+90', 90],
    ['52,52', 52.52],
    ['.5', 0.5],
    ['', null],
    ['   ', null],
  ])('"%s" is %s', (text, value) => {
    expect(parseCoordinate(text, LATITUDE)).toEqual({ value });
  });

  it.each([
    ['north', LATITUDE, 'Latitude must be a number.'],
    ['1e2', LATITUDE, 'Latitude must be a number.'],
    ['90.000001', LATITUDE, 'Latitude must be between -90 and 90.'],
    ['-180.5', LONGITUDE, 'Longitude must be between -180 and 180.'],
  ])('"%s" is refused: %s', (text, range, message) => {
    expect(parseCoordinate(text, range)).toEqual({ error: message });
  });

  it('says the same as the server for a number out of range', () => {
    const server = v.safeParse(BusinessProfileUpdate, { businessname: 'x', latitude: 91, longitude: 0 });
    expect(server.success).toBe(false);
    expect(server.issues?.[0]?.message).toBe(draftErrors(draft('91', '0')).latitude);
  });
});

describe('the pair', () => {
  it('needs both or neither, and says so on the empty one', () => {
    expect(draftErrors(draft('', ''))).toEqual({});
    expect(draftErrors(draft('52.5', '13.4'))).toEqual({});
    expect(draftErrors(draft('52.5', ''))).toEqual({ longitude: 'Latitude and longitude must be given together.' });
    expect(draftErrors(draft('', '13.4'))).toEqual({ latitude: 'Latitude and longitude must be given together.' });
  });

  it('reports a whitespace-only Business Name as missing', () => {
    expect(draftErrors({ ...draft('', ''), businessname: '   ' })).toEqual({
      businessname: 'Business Name is required.',
    });
  });
});
