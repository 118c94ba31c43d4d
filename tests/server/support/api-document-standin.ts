import { createApp } from '../../../server/app.ts';
import { areaOf } from '../../../server/middleware/auth.ts';
import type { AppDeps } from '../../../server/types.ts';
import type { ApiDocument } from './api-document.ts';
import { voucherBody } from './vouchers.ts';

// STAND-IN until the real document (branch issue13-openapi) is merged: the same shape, derived from the
// app's routes, with the examples the real document will carry. Delete this file once it is merged.
const BODIES: Record<string, unknown> = {
  'PUT /api/businesses/me': { businessname: 'Bravo Barber', description: 'Cuts', address: null },
  'POST /api/businesses/{id}/posts': { content: 'Open late today' },
  'POST /api/businesses/{id}/vouchers': voucherBody(),
  'PUT /api/vouchers/{id}': voucherBody(),
  'POST /api/messaging/business/conversations/{id}/messages': { messageText: 'Hello' },
  'PUT /api/messaging/business/conversations/{id}': { is_active: false },
  'POST /api/booking-resources': { resourcename: 'Chair', capacity: 1 },
  'PUT /api/booking-resources/{id}': { resourcename: 'Chair', capacity: 2 },
  'POST /api/availability': {
    resourceid: '00000000-0000-4000-8000-000000000000',
    dayofweek: 2,
    starttime: '06:00',
    endtime: '07:00',
  },
  'POST /api/booking-closures': { startdate: '2030-01-01', resourceid: '00000000-0000-4000-8000-000000000000' },
  'POST /api/bookings': {
    resourceid: '00000000-0000-4000-8000-000000000000',
    customerEmail: 'guest@example.com',
    bookingstarttime: '2030-01-07T10:00:00Z',
    bookingendtime: '2030-01-07T11:00:00Z',
    partysize: 1,
  },
  'POST /api/customer/businesses/{businessid}/messages': { messageText: 'Hello' },
};
const QUERIES: Record<string, Record<string, string>> = {
  'GET /api/posts/upload-url': { filename: 'a.png', fileType: 'image/png' },
  'GET /api/booking-availability/{resourceid}': { date: '2030-01-07', duration: '60' },
  'GET /api/businesses/me/bookings': { startDate: '2029-12-31T00:00:00Z', endDate: '2030-01-14T00:00:00Z' },
};

export function standInDocument(deps: AppDeps): ApiDocument {
  const paths: ApiDocument['paths'] = {};
  for (const route of createApp(deps).routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const path = route.path.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, '{$1}');
    const key = `${route.method} ${path}`;
    const area = areaOf(route.path);
    const body = BODIES[key];
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      'x-area': area,
      security: area === 'public' ? [] : [{ bearer: [] }],
      parameters: [
        ...[...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
          name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
        })),
        ...Object.entries(QUERIES[key] ?? {}).map(([name, example]) => ({
          name,
          in: 'query',
          required: true,
          schema: { type: 'string', example },
        })),
      ],
      ...(body
        ? {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: Object.fromEntries(Object.keys(body as object).map((k) => [k, {}])),
                  },
                  example: body,
                },
              },
            },
          }
        : {}),
    };
  }
  return { openapi: '3.1.0', paths };
}
