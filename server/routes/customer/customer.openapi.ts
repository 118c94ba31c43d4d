import * as v from 'valibot';
import { SlotsAnswer, SlotsQuery } from '#contracts/bookings.ts';
import * as cb from '#contracts/customer-bookings.ts';
import { CustomerBusinessView, CustomerProfile, FollowResponse } from '#contracts/customers.ts';
import {
  CustomerConversation,
  CustomerSentMessage,
  MessageList,
  MessagesQuery,
  ReadResult,
  SendMessageRequest,
} from '#contracts/messaging.ts';
import { CustomerPosts } from '#contracts/posts.ts';
import { IssuedVoucher, IssuedVouchers } from '#contracts/vouchers.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Customer app'];
const businessid = { businessid: 'The business id (a UUID).' };
const conversation = { id: 'The conversation id (a UUID).' };

/** customer.routes.ts, customer-vouchers.routes.ts, customer-messaging.routes.ts, customer-bookings.routes.ts: the mobile app's API. */
export const customerApi = describeRoutes('customer', {
  'GET /api/customer/me': { summary: 'The signed-in customer', tags, ok: { 200: CustomerProfile }, errors: [404] },
  'POST /api/customer/businesses/:businessid/follow': {
    summary: 'Follow a business (201 the first time, 200 when already following)',
    tags,
    params: businessid,
    ok: { 200: FollowResponse, 201: FollowResponse },
    errors: [409],
  },
  'DELETE /api/customer/businesses/:businessid/follow': {
    summary: 'Stop following a business',
    tags,
    params: businessid,
    ok: { 200: FollowResponse },
  },
  'GET /api/customer/businesses/:businessid': {
    summary: "A business's public profile",
    tags,
    params: businessid,
    ok: { 200: CustomerBusinessView },
  },
  'GET /api/customer/businesses/:businessid/resources': {
    summary: "A business's bookable resources (the active ones)",
    tags,
    params: businessid,
    ok: { 200: cb.PublicResources },
  },
  'GET /api/customer/businesses/:businessid/availability/:resourceid': {
    summary: 'Free slots of a resource on a day (the same answer the owner gets)',
    tags,
    params: { ...businessid, resourceid: 'The resource id (a UUID).' },
    query: SlotsQuery,
    queryExample: { date: '2030-06-03', duration: '60', partysize: '2' },
    ok: { 200: SlotsAnswer },
  },
  'POST /api/customer/bookings': {
    summary: 'Book a free slot (409 when taken or over the upcoming-bookings cap; 429 with Retry-After)',
    tags,
    body: {
      schema: cb.CustomerBookingRequest,
      example: {
        resourceid: '5f0c2b1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
        bookingstarttime: '2030-06-03T09:00:00Z',
        bookingendtime: '2030-06-03T10:00:00Z',
        partysize: 2,
        notes: 'Window seat, please',
      },
    },
    ok: { 201: cb.CustomerBookingAnswer },
    errors: [404, 409, 429],
  },
  'GET /api/customer/bookings': {
    summary: "The customer's bookings, upcoming first, with business and resource names and status",
    tags,
    ok: { 200: cb.CustomerBookings },
  },
  'POST /api/customer/bookings/:id/cancel': {
    summary: "Cancel one's booking until the business's cut-off before its start (409 after)",
    tags,
    params: { id: 'The booking id (a UUID).' },
    ok: { 200: cb.CustomerBookingAnswer },
    errors: [404, 409],
  },
  'GET /api/customer/businesses/:businessid/posts': {
    summary: "A followed business's posts",
    tags,
    params: businessid,
    ok: { 200: CustomerPosts },
  },
  'POST /api/customer/vouchers/:voucherid/claim': {
    summary: 'Claim a voucher: a personal code (201 new, 200 already held)',
    tags,
    params: { voucherid: 'The voucher id (a UUID).' },
    ok: { 200: IssuedVoucher, 201: IssuedVoucher },
    errors: [409, 410, 503],
  },
  'GET /api/customer/vouchers': { summary: "The customer's vouchers and codes", tags, ok: { 200: IssuedVouchers } },
  'POST /api/customer/businesses/:businessid/messages': {
    summary: 'Write to a followed business (201 when it starts the conversation)',
    tags,
    params: businessid,
    body: { schema: SendMessageRequest, example: { messageText: 'Do you have a table for four tonight?' } },
    ok: { 200: CustomerSentMessage, 201: CustomerSentMessage },
    errors: [429],
  },
  'GET /api/customer/conversations': {
    summary: "The customer's conversations",
    tags,
    ok: { 200: v.array(CustomerConversation) },
  },
  'GET /api/customer/conversations/:id/messages': {
    summary: 'The newest messages of a conversation (ETag; 304 when unchanged)',
    tags,
    params: conversation,
    query: MessagesQuery,
    queryExample: { limit: '50' },
    ok: { 200: MessageList, 304: null },
  },
  'PUT /api/customer/conversations/:id/read': {
    summary: "Mark the business's messages read",
    tags,
    params: conversation,
    ok: { 200: ReadResult },
  },
});
