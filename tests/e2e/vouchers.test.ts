/**
 * The voucher life cycle in real Chromium against the npm start stack, as the demo owner: create a
 * voucher → its QR code → the downloaded PNG decodes to the app's claim link → a customer claims it
 * through the customer API → the owner looks the code up in lower case with spaces → redeems → looks it
 * up again: "Already Redeemed". Then archive it: it shows under Archived with Deleted By. At 375 px the
 * screens fit without sideways scrolling; axe checks each screen.
 */
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { customerClaims, voucherIdOfLink } from '../../scripts/lib/voucher-claims.ts';
import { available, expectAccessible, SignedInStorage, stack, useBrowser } from './support/browser.ts';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The pixels of a PNG, decoded by the browser itself (no PNG library needed in the test). */
async function pixelsOf(page: Page, png: Buffer) {
  return page.evaluate(
    async (dataUrl) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      return { data: Array.from(data), width, height };
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
}

describe.runIf(available)('vouchers, from creation to the counter', () => {
  const browser = useBrowser();
  // The demo owner signs in through /login once; later journeys open with the session that left.
  const demo = new SignedInStorage(stack.demo.email, stack.demo.password);

  test('create → QR → PNG → claim → redeem once → "Already Redeemed"; archive → Archived with Deleted By', async () => {
    await demo.journey(browser(), 1280, async ({ page, problems }) => {
      await page.goto('/vouchers');
      await page.getByRole('heading', { name: 'Voucher Management' }).waitFor();
      await page.getByRole('table').waitFor();
      await expectAccessible(page, 'Voucher Management');

      // Create, with the form's own check first.
      const title = `Free cookie ${Date.now().toString(36)}`;
      await page.getByRole('button', { name: 'Create New Voucher' }).click();
      const form = page.getByRole('dialog', { name: 'Create New Voucher' });
      await form.getByLabel('Title').fill('Cook');
      await form.getByRole('button', { name: 'Create Voucher' }).click();
      await form.getByText('Title must be at least 5 characters.').waitFor();
      await expectAccessible(page, 'the voucher form with messages');
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Description').fill('A chocolate chip cookie with any drink.');
      await form.getByLabel('Voucher Type').selectOption({ label: 'Free Item' });
      await form.getByLabel('Value').fill('2.25');
      await form.getByLabel('Rules').fill('One per customer.');
      await form.getByRole('button', { name: 'Create Voucher' }).click();
      await form.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
      await row.waitFor();
      await expect
        .poll(() => row.getByRole('cell').allTextContents())
        .toEqual(expect.arrayContaining(['Free Item', '$2.25', 'Active']));

      // Its QR code: 256 px, the claim link, downloaded as "<title>.png".
      await row.getByRole('button', { name: /^Show QR Code/ }).click();
      const qrDialog = page.getByRole('dialog', { name: 'Issue Voucher via QR Code' });
      const qr = qrDialog.getByRole('img', { name: `QR code to claim ${title}` });
      await qr.waitFor();
      expect((await qr.boundingBox())?.width).toBe(256);
      await qrDialog.getByText('Customers scan this code with the app to claim the voucher.').waitFor();
      await expectAccessible(page, 'the QR dialog');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        qrDialog.getByRole('button', { name: 'Download as PNG' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${title}.png`);
      const png = readFileSync((await download.path())!);
      const { data, width, height } = await pixelsOf(page, png);
      const link = jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? '';
      expect(link).toMatch(/^loyaltyapp:\/\/claim-voucher\/[0-9a-f-]{36}$/);
      // "Print" prints the counter card alone, on one page (as the print dialog would, with .print-voucher set).
      await page.evaluate(() => {
        window.print = () => {};
      });
      await qrDialog.getByRole('button', { name: 'Print' }).click();
      await page.evaluate(() => document.documentElement.classList.add('print-voucher'));
      const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
      await page.evaluate(() => document.documentElement.classList.remove('print-voucher'));
      await page.keyboard.press('Escape');
      await qrDialog.waitFor({ state: 'detached' });

      // A customer scans it in the app: the claim through the customer API gives a code.
      const customer = await customerClaims(stack.baseUrl, voucherIdOfLink(link));
      expect(customer.code).toMatch(/^[A-HJKMNP-Z2-9]{3}-[A-HJKMNP-Z2-9]{3}-[A-HJKMNP-Z2-9]{3}$/);

      // At the counter: typed in lower case with spaces, Enter looks it up.
      await page.getByRole('link', { name: 'Redeem Code' }).click();
      await page.getByRole('heading', { name: 'Redeem a Voucher' }).waitFor();
      const box = page.getByLabel('Voucher code');
      await box.fill(`  ${customer.code.toLowerCase()}  `);
      await box.press('Enter');
      const result = page.getByRole('article');
      await result.getByText('Ready to Redeem').waitFor();
      await result.getByRole('heading', { name: title }).waitFor();
      await result.getByText(customer.email).waitFor();
      await expectAccessible(page, 'a voucher ready to redeem');
      const confirm = page.getByRole('button', { name: 'Confirm Redemption' });
      await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
      await confirm.click();
      await page
        .getByRole('status')
        .filter({ hasText: `Voucher redeemed: ${title}.` })
        .waitFor();
      expect(await box.inputValue()).toBe('');
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);

      // The same code again: already used.
      await box.fill(customer.code);
      await page.getByRole('button', { name: 'Look Up' }).click();
      await result.getByText('Already Redeemed').waitFor();
      await result.getByText('This voucher has already been redeemed and cannot be used again.').waitFor();
      expect(await page.getByRole('button', { name: 'Confirm Redemption' }).count()).toBe(0);
      await expectAccessible(page, 'an already redeemed voucher');

      // Archive it: it leaves Active and shows under Archived with who deleted it.
      await page.getByRole('link', { name: 'Management' }).click();
      await row.waitFor();
      await row.getByRole('button', { name: /^Delete/ }).click();
      const question = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
      await question.getByText('This action cannot be undone.').waitFor();
      await expectAccessible(page, 'the deletion question');
      await question.getByRole('button', { name: 'Confirm Delete' }).click();
      await question.waitFor({ state: 'detached' });
      await row.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Archived' }).click();
      const archived = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
      await archived.getByRole('cell', { name: stack.demo.email }).waitFor();
      await archived.getByRole('button', { name: /^View/ }).click();
      const details = page.getByRole('dialog', { name: 'Archived Voucher Details' });
      await details.getByText('A chocolate chip cookie with any drink.').waitFor();
      await details.getByText(stack.demo.email).waitFor();
      await expectAccessible(page, 'Archived Voucher Details');
      expect(problems).toEqual([]);
    });
  });

  test('at 375 px the voucher screens fit the phone and pass axe', async () => {
    await demo.journey(browser(), 375, async ({ page, problems }) => {
      await page.goto('/vouchers');
      await page.getByRole('table').waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'Voucher Management at 375 px');
      await page
        .getByRole('button', { name: /^Show QR Code/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Issue Voucher via QR Code' }).getByRole('img').waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'the QR dialog at 375 px');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Create New Voucher' }).click();
      await page.getByRole('dialog', { name: 'Create New Voucher' }).getByLabel('Title').waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'the voucher form at 375 px');
      await page.keyboard.press('Escape');
      await page.goto('/vouchers/redeem');
      await page.getByLabel('Voucher code').fill('AAA-AAA-AAA');
      await page.getByLabel('Voucher code').press('Enter');
      await page.getByRole('alert').filter({ hasText: 'No voucher found with that code' }).waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'Redeem a Voucher at 375 px');
      // No camera in this browser: Scan says so and the code can still be typed.
      await page.getByRole('button', { name: 'Scan' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /camera/i })
        .waitFor();
      expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    });
  });
});
