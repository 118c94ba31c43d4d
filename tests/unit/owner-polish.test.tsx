/**
 * Issue 26 "Owner polish", the screens' side: each finding reproduced through the real view with fake
 * effects (machine.provide), so each test failed before its fix.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Message } from '#contracts/messaging.ts';
import type { Plan } from '#contracts/packages.ts';
import { loadMachine } from '#machines/load.machine.ts';
import { chatPollerMachine } from '#machines/messaging-pollers.machine.ts';
import type { PollResult } from '#machines/poller.machine.ts';
import { postComposerMachine } from '#machines/post-composer.machine.ts';
import { demoBusiness } from '#machines/samples/demo.samples.ts';
import { amelia } from '#machines/samples/messages.samples.ts';
import { demoVoucher, demoVoucherTypes } from '#machines/samples/vouchers.samples.ts';
import { voucherFormMachine } from '#machines/voucher-form.machine.ts';
import { vouchersMachine } from '#machines/vouchers.machine.ts';
import { configureApi } from '#src/api/client.ts';
import { ApiError, toFailure } from '#src/api/errors.ts';
import { PostComposer } from '#src/features/dashboard/post-composer.tsx';
import { ChatDialog, messageTime } from '#src/features/messages/chat-dialog.tsx';
import { MessagesPanel } from '#src/features/messages/messages-panel.tsx';
import { PackageView } from '#src/features/package/package-page.tsx';
import { VoucherFormModal } from '#src/features/vouchers/voucher-form-modal.tsx';
import { VouchersView } from '#src/features/vouchers/vouchers-page.tsx';
import { conversationsAnswering } from './messaging-fakes.ts';

describe('the post composer after a refused photo (bug a)', () => {
  it('"Remove photo" drops the dead image key: the next text-only post names no image', async () => {
    const posted: Array<{ imageUrl: string | null }> = [];
    const logic = postComposerMachine.provide({
      actors: {
        checkLimit: fromPromise(async () => ({ canCreate: true as boolean, limit: 3 })),
        getUploadTarget: fromPromise(async () => ({
          uploadUrl: '/api/public/media-uploads?key=k',
          key: 'posts/b/dead.jpg',
        })),
        uploadPhoto: fromPromise(async (): Promise<void> => {
          throw toFailure(
            new ApiError('http', 'The file is not a JPG, PNG or GIF.', 415, 'The file is not a JPG, PNG or GIF.'),
          );
        }),
        createPost: fromPromise(async ({ input }) => {
          posted.push({ imageUrl: input.imageUrl });
          return {
            postid: 'p1',
            content: input.content ?? '',
            imageurl: input.imageUrl,
            createdat: new Date().toISOString(),
            authoremail: 'o@x',
          };
        }),
      },
    });
    render(<PostComposer business={demoBusiness} firstName="Nell" onPosted={() => {}} logic={logic} />);
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Fresh bread' } });
    const file = new File(['not a jpeg'], 'not-a-photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('The file is not a JPG, PNG or GIF.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posted).toEqual([{ imageUrl: null }]));
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Post text').value).toBe(''));
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });
});

const formLogic = voucherFormMachine.provide({
  actors: {
    loadTypes: fromPromise(async () => {
      await new Promise((r) => setTimeout(r, 10));
      return demoVoucherTypes;
    }),
  },
});

describe('the voucher form (issue 26)', () => {
  it('gives Title the focus once the form shows (the types load first)', async () => {
    render(
      <VoucherFormModal
        businessid="b"
        voucher={null}
        today="2026-11-24"
        onSaved={() => {}}
        onClose={() => {}}
        logic={formLogic}
      />,
    );
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it.each([
    ['Percentage Discount', '%', 'in percent'],
    ['Fixed Amount', '$', 'in US dollars'],
    ['Free Item', '$', 'in US dollars'],
    ['Buy One Get One', null, null],
  ])('shows the unit of Value for %s', async (typename, symbol, words) => {
    render(
      <VoucherFormModal
        businessid="b"
        voucher={null}
        today="2026-11-24"
        onSaved={() => {}}
        onClose={() => {}}
        logic={formLogic}
      />,
    );
    const type = await screen.findByLabelText('Voucher Type');
    const id = demoVoucherTypes.find((t) => t.typename === typename)!.vouchertypeid;
    fireEvent.change(type, { target: { value: String(id) } });
    const value = screen.getByLabelText('Value');
    const unit = value.parentElement!.querySelector('.input-unit');
    expect(unit?.querySelector('[aria-hidden="true"]')?.textContent ?? null).toBe(symbol);
    // Read with the field: the input's description holds the unit in words.
    const described = (value.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((i) => document.getElementById(i)?.textContent ?? '')
      .join(' ');
    if (words) expect(described).toContain(words);
    else expect(described).not.toMatch(/percent|dollars/);
  });

  it('"Duplicate" opens Create New Voucher filled in from the row, starting today for the same number of days', async () => {
    const logic = vouchersMachine.provide({
      actors: { loadVouchers: fromPromise(async () => [demoVoucher]) },
    });
    render(<VouchersView businessid="b" today="2026-11-24" logic={logic} formLogic={formLogic} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Duplicate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Voucher' });
    const value = (label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;
    await waitFor(() => expect(value('Title')).toBe(`Copy of ${demoVoucher.title}`));
    expect(value('Description')).toBe(demoVoucher.description);
    expect(value('Value')).toBe(demoVoucher.value);
    expect((within(dialog).getByLabelText('Voucher Type') as HTMLSelectElement).value).toBe(
      String(demoVoucher.vouchertypeid),
    );
    // The original ran 2026-11-01 to 2026-12-31 (60 days): the copy starts today and runs as long.
    expect(value('Start Date')).toBe('2026-11-24');
    expect(value('End Date')).toBe('2027-01-23');
    expect(within(dialog).getByRole('button', { name: 'Create Voucher' })).toBeTruthy();
  });
});

describe('messages (issue 26)', () => {
  it('the conversation list shows when the last message came', async () => {
    const twin = { ...amelia, conversationid: 'c2', email: 'amelia.h@elsewhere.example', last_message_at: null };
    const active = createActor(conversationsAnswering([amelia, twin]), {
      input: { params: { status: 'active' }, hidden: false },
    }).start();
    render(<MessagesPanel active={active} onClose={() => {}} />);
    const [row] = await screen.findAllByRole('button', { name: /^Amelia Hughes\s*2\s*unread/ });
    if (!row) throw new Error('no row');
    // Read with the row: "…, at 8:12 AM".
    expect(row.textContent).toMatch(/, at .*\d{1,2}:\d{2}/);
    const time = row.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(amelia.last_message_at);
    expect(time.textContent).toContain(messageTime(amelia.last_message_at!));
    // No message yet: no time.
    const rows = screen.getAllByRole('button', { name: /^Amelia Hughes/ });
    expect(rows[1]!.querySelector('time')).toBeNull();
    active.stop();
  });

  it("the chat's header names the customer's e-mail, so two Amelia Hughes differ", () => {
    const never = chatPollerMachine.provide({
      actors: { poll: fromPromise((): Promise<PollResult<Message[]>> => new Promise(() => {})) },
    });
    render(<ChatDialog conversation={amelia} onClose={() => {}} onChanged={() => {}} pollerLogic={never} />);
    const dialog = screen.getByRole('dialog', { name: 'Conversation with Amelia Hughes' });
    expect(dialog.querySelector('.modal-header')!.textContent).toContain(amelia.email!);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe(amelia.email);
  });
});

describe('My Package (issue 26)', () => {
  const plan = (name: string, n: number): Plan => ({
    packageid: n,
    name,
    description: '',
    monthly_price: 0,
    annual_price: 0,
    follower_limit: n,
    posts_per_day_limit: n,
    bookable_resources_limit: n,
    custom_branding_enabled: false,
    support_level: 'email',
  });
  const usage = { currentCount: 0, limit: 1, remaining: 1 };
  const data = {
    dashboard: {
      package: {
        package_name: 'Free',
        negotiated_monthly_price: 0,
        billing_cycle: 'month',
        custom_branding_enabled: false,
      },
      usage: { followers: usage, posts: usage, resources: usage },
    },
    plans: [plan('Free', 1), plan('Starter', 3)],
  };
  const logic = loadMachine.provide({ actors: { load: fromPromise<unknown, void>(async () => data) } });

  it('counts in the right form (1 post per day, 3 posts per day), names SALES_EMAIL and explains Upgrade visibly', async () => {
    configureApi({ salesEmail: 'deals@portal.example' });
    render(<PackageView businessid="b" logic={logic} />);
    for (const text of [
      '1 follower',
      '1 post per day',
      '1 bookable resource',
      '3 followers',
      '3 posts per day',
      '3 bookable resources',
    ])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText(/\b1 posts\b|\b1 bookable resources\b|\b1 followers\b/)).toBeNull();
    const upgrade = screen.getByRole('button', { name: 'Upgrade' });
    const note = document.getElementById(upgrade.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toContain('deals@portal.example');
    expect(note.closest('.visually-hidden')).toBeNull();
    expect(note.className).not.toContain('visually-hidden');
    expect(screen.getByRole('link', { name: 'deals@portal.example' }).getAttribute('href')).toBe(
      'mailto:deals@portal.example',
    );
    configureApi({ salesEmail: undefined });
  });

  it('the composer says how many posts are left today, from the limit check it already makes', async () => {
    const logic = postComposerMachine.provide({
      actors: {
        checkLimit: fromPromise(
          async (): Promise<{ canCreate: boolean; limit: number; remaining?: number }> => ({
            canCreate: true,
            limit: 3,
            remaining: 2,
          }),
        ),
        createPost: fromPromise(async ({ input }) => ({
          postid: 'p1',
          content: input.content ?? '',
          imageurl: null,
          createdat: new Date().toISOString(),
          authoremail: 'o@x',
        })),
      },
    });
    render(<PostComposer business={demoBusiness} firstName="Nell" onPosted={() => {}} logic={logic} />);
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Buns at 8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByText('1 post left today')).getAttribute('role')).toBe('status');
  });
});

describe('the identity client (issue 26)', () => {
  it("configures against the portal's own endpoint without Amplify's custom-endpoint note, and leaves later warnings on", async () => {
    const { configure } = await import('#src/auth/amplify.ts');
    const { ConsoleLogger } = await import('aws-amplify/utils');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configure({
      auth: {
        userPoolId: 'local_OwnerPortal',
        userPoolClientId: 'owner-portal-web',
        userPoolEndpoint: 'http://127.0.0.1:8787/cognito/',
      },
      apiBaseUrl: '',
      mediaBaseUrl: '/media/',
      appScheme: 'loyaltyapp',
    });
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/custom Amazon/);
    expect(ConsoleLogger.LOG_LEVEL).toBeNull();
    warn.mockRestore();
  });
});
