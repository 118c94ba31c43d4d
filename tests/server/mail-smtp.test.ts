import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../scripts/lib/smtp-sink.ts';
import { startTestServer, type TestServer } from './harness.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: TestServer;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Portal <portal@example.com>' } });
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

describe('with SMTP_URL set', () => {
  it('sends the verification mail through SMTP with the link in it', async () => {
    const response = await server.api('POST', '/api/public/register', {
      body: {
        firstName: 'Sam',
        lastName: 'Ng',
        email: 'sam@example.com',
        password: 'Smtp#Works1',
        businessName: 'Sam’s Gym',
      },
    });
    expect(response.status).toBe(201);
    // Sent by the outbox's worker after the answer (docs/decisions/019-outbox-and-jobs.md).
    await expect.poll(() => sink.received.length, { timeout: 10_000 }).toBe(1);
    const [mail] = sink.received;
    expect(mail!.from).toBe('portal@example.com');
    expect(mail!.to).toEqual(['sam@example.com']);
    expect(mail!.data).toMatch(/^Subject: Verify your email address/m);
    // Long lines travel quoted-printable; read the body as a mail client would.
    const body = mail!.data
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    // On the server's own origin (PUBLIC_URL unset): http://localhost:<port>.
    expect(body).toContain(`http://localhost:${new URL(server.url).port}/verify-email?token=`);
  });

  it('turns the development mailbox off', async () => {
    expect((await server.request('/dev/mailbox.json')).status).toBe(404);
    expect((await server.request('/dev/mailbox')).status).toBe(404);
  });
});
