/**
 * Messaging in real Chromium against the npm start stack: a customer writes through the customer API,
 * the owner's Messages button counts it within one poll, the owner opens the conversation (the server
 * marks it read and the count drops), replies with Enter and sends a Shift+Enter multi-line message the
 * customer API then shows; the panel and the chat at 375 px and under axe; and a hidden tab that makes
 * no requests for ten minutes (the page's clock fast-forwarded), then asks at once when shown again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Conversation, CustomerConversation, Message } from '../../contracts/messaging.ts';
import { type Call, followBusiness, sendMessage, signInCustomer } from '../../server/sim/customers.ts';
import { available, expectAccessible, SignedInStorage, stack, useBrowser } from './support/browser.ts';

/** What the API says, read with the page's own session (the access token Amplify keeps). */
async function apiAsPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!;
    const answer = await fetch(p, { headers: { Authorization: `Bearer ${localStorage.getItem(key)}` } });
    return answer.json();
  }, path) as Promise<T>;
}

const call: Call = (path, init) => fetch(new URL(path, stack.baseUrl), init);
async function customerToken() {
  const config = (await (await call('/config.json')).json()) as {
    auth: { userPoolId: string; userPoolClientId: string };
  };
  const pool = { userPoolId: config.auth.userPoolId, clientId: config.auth.userPoolClientId };
  return signInCustomer(call, pool, stack.customer.email, stack.customer.password);
}
const asCustomer = async <T>(token: string, path: string) =>
  (await (await call(path, { headers: { authorization: `Bearer ${token}` } })).json()) as T;

const unreadTotal = async (page: Page) =>
  (await apiAsPage<Conversation[]>(page, '/api/messaging/business/conversations')).reduce(
    (n, c) => n + c.unread_count,
    0,
  );
const messagesButton = (page: Page, unread: number) =>
  page.getByRole('button', { name: unread > 0 ? `Messages ${unread} unread` : 'Messages', exact: true });
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.runIf(available)('messaging with customers', () => {
  const browser = useBrowser();
  // The demo owner signs in through /login once; later journeys open with the session that left.
  const demo = new SignedInStorage(stack.demo.email, stack.demo.password);

  test('a customer writes; the owner sees the count within one poll, reads, and answers with Enter and Shift+Enter', async () => {
    await demo.journey(browser(), 1280, async ({ page, problems }) => {
      const { businessid } = await apiAsPage<{ businessid: string }>(page, '/api/businesses/me');
      const before = await unreadTotal(page);
      await messagesButton(page, before).waitFor();

      // Cass, a customer of the app, follows the demo business and writes through the customer API.
      const token = await customerToken();
      await followBusiness(call, token, businessid);
      const text = `Do you have a table for two tonight? (${Date.now().toString(36)})`;
      await sendMessage(call, token, businessid, text);

      // Within one poll (15 s) the button and the tab title count it.
      await messagesButton(page, before + 1).waitFor({ timeout: 20_000 });
      expect(await page.title()).toBe(`(${before + 1}) Dashboard · Business Portal`);

      await messagesButton(page, before + 1).click();
      const panel = page.getByRole('dialog', { name: 'Messages' });
      const row = panel.getByRole('button', { name: /^Cass/ });
      await row.click();
      await panel.getByText(`New: ${text}`).waitFor();
      await expectAccessible(page, 'the Messages panel with a conversation expanded');
      await panel.getByRole('button', { name: 'Open full conversation' }).click();

      const chat = page.getByRole('dialog', { name: 'Conversation with Cass' });
      await chat.locator('.chat-message.from-customer').filter({ hasText: text }).waitFor();
      // Opening marked it read on the server: the customer sees their message read.
      const [mine] = (await asCustomer<CustomerConversation[]>(token, '/api/customer/conversations')).filter(
        (c) => c.businessid === businessid,
      );
      await expect
        .poll(async () =>
          (await asCustomer<Message[]>(token, `/api/customer/conversations/${mine!.conversationid}/messages`)).every(
            (m) => m.sendertype !== 'customer' || m.isread,
          ),
        )
        .toBe(true);

      const box = chat.getByPlaceholder('Type your message...');
      await box.fill('Yes! A window table is yours at 7.');
      await box.press('Enter');
      await chat.locator('.chat-message.from-business').filter({ hasText: 'A window table is yours' }).waitFor();
      expect(await box.inputValue()).toBe('');

      await box.pressSequentially('We also have');
      await box.press('Shift+Enter');
      await box.pressSequentially('mulled wine tonight.');
      expect(await box.inputValue()).toBe('We also have\nmulled wine tonight.');
      await box.press('Enter');
      await chat.locator('.chat-message.from-business').filter({ hasText: 'mulled wine' }).waitFor();
      await expectAccessible(page, 'the chat dialog');

      // The customer API sees both replies, the second with its line break.
      const thread = await asCustomer<Message[]>(token, `/api/customer/conversations/${mine!.conversationid}/messages`);
      expect(thread.slice(-2).map((m) => [m.sendertype, m.messagetext])).toEqual([
        ['business', 'Yes! A window table is yours at 7.'],
        ['business', 'We also have\nmulled wine tonight.'],
      ]);

      // Closing the chat brings the panel back; the count is what it was before Cass wrote.
      await chat.getByRole('button', { name: 'Close' }).click();
      await panel.waitFor();
      await page.keyboard.press('Escape');
      await messagesButton(page, before).waitFor();
      expect(problems).toEqual([]);
    });
  });

  test('the panel and the chat at 375 px: no sideways scrolling, accessible', async () => {
    await demo.journey(browser(), 375, async ({ page, problems }) => {
      await page.getByRole('button', { name: /^Messages/ }).click();
      const panel = page.getByRole('dialog', { name: 'Messages' });
      await panel.getByRole('button', { name: /Isla Okafor/ }).click();
      await panel.getByText('New: Is the terrace heated today?').waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'the Messages panel at 375 px');
      await panel.getByRole('tab', { name: 'Archived' }).click();
      await panel.getByRole('button', { name: /Oliver Nguyen/ }).click();
      await panel.getByRole('button', { name: 'Open full conversation' }).click();
      const chat = page.getByRole('dialog', { name: 'Conversation with Oliver Nguyen' });
      await chat.getByText('Thanks again for finding my scarf!').waitFor();
      await chat.getByRole('button', { name: 'Reactivate' }).waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'the chat at 375 px');
      expect(problems).toEqual([]);
    });
  });

  test('a hidden tab makes no requests for ten minutes, and asks at once when shown again', async () => {
    await demo.journey(
      browser(),
      1280,
      async ({ page, problems }) => {
        await page.getByRole('button', { name: /^Messages/ }).click();
        // The list has arrived (not just the tabs): the next poll is scheduled from its answer, so a clock run
        // while the first load is still on its way would schedule nothing.
        await page
          .getByRole('dialog', { name: 'Messages' })
          .getByRole('button', { name: /Isla Okafor/ })
          .waitFor();
        const polls: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/messaging/')) polls.push(request.url());
        });
        // Visible: the next poll comes after 15 s.
        await page.clock.runFor(15_500);
        await expect.poll(() => polls.length).toBeGreaterThanOrEqual(1);

        // The browser hides the tab (another tab in front): the pollers stop.
        await page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
          document.dispatchEvent(new Event('visibilitychange'));
        });
        await page.waitForTimeout(200);
        const hiddenFrom = polls.length;
        await page.clock.runFor(10 * 60_000);
        await page.waitForTimeout(500);
        expect(polls.length - hiddenFrom).toBe(0);

        // Shown again: one request at once.
        await page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
          document.dispatchEvent(new Event('visibilitychange'));
        });
        await expect.poll(() => polls.length).toBe(hiddenFrom + 1);
        expect(problems).toEqual([]);
      },
      (page) => page.clock.install(),
    );
  });

  test('the chat stays at the newest message, unless the owner scrolled up to read', async () => {
    await demo.journey(
      browser(),
      375,
      async ({ page, problems }) => {
        const { businessid } = await apiAsPage<{ businessid: string }>(page, '/api/businesses/me');
        const token = await customerToken();
        await followBusiness(call, token, businessid);
        for (let n = 1; n <= 12; n++) await sendMessage(call, token, businessid, `Question number ${n} about the menu`);

        await page.clock.runFor(15_500);
        await page.getByRole('button', { name: /^Messages/ }).click();
        const panel = page.getByRole('dialog', { name: 'Messages' });
        await panel.getByRole('button', { name: /^Cass/ }).click();
        await panel.getByRole('button', { name: 'Open full conversation' }).click();
        const log = page.getByRole('list', { name: 'Messages with Cass' });
        await log.getByText('Question number 12 about the menu').waitFor();
        const distanceFromBottom = () => log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
        const overflows = await log.evaluate((el) => el.scrollHeight > el.clientHeight);
        expect(overflows).toBe(true);
        expect(await distanceFromBottom()).toBeLessThan(2);

        // Scrolled up to read: a new message arrives with the next poll (10 s) and the view stays put.
        await log.evaluate((el) => {
          el.scrollTop = 0;
          el.dispatchEvent(new Event('scroll'));
        });
        await sendMessage(call, token, businessid, 'One more question while you read');
        await page.clock.runFor(10_500);
        await log.getByText('One more question while you read').waitFor({ state: 'attached' });
        expect(await log.evaluate((el) => el.scrollTop)).toBe(0);

        // Back at the bottom: the next message scrolls into view.
        await log.evaluate((el) => {
          el.scrollTop = el.scrollHeight;
          el.dispatchEvent(new Event('scroll'));
        });
        await sendMessage(call, token, businessid, 'And a last one');
        await page.clock.runFor(10_500);
        await log.getByText('And a last one').waitFor();
        expect(await distanceFromBottom()).toBeLessThan(2);
        expect(problems).toEqual([]);
      },
      (page) => page.clock.install(),
    );
  });
});
