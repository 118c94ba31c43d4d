import { createServer, type Socket } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A minimal SMTP server on 127.0.0.1 (RFC 5321's happy path, no TLS, no auth): a real protocol peer
 * for nodemailer, so the test proves what goes over the wire rather than what we meant to send.
 */
export async function startSmtpSink(
  options: {
    /** Answer the first n MAIL commands with a temporary failure (451), as a server in trouble does. */
    refuseFirst?: number;
    /** Greet nobody: a connection hangs, as a server that accepts TCP and then stalls. */
    stall?: boolean;
  } = {},
) {
  const received: ReceivedMail[] = [];
  /** When each mail of `received` was accepted (performance.now()), for the mail benchmark. */
  const receivedAt: number[] = [];
  let refusals = options.refuseFirst ?? 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (options.stall) return;
    let buffer = '';
    let current: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            receivedAt.push(performance.now());
            current = { from: '', to: [], data: '' };
            reply('250 OK queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL' && refusals > 0) {
          refusals--;
          reply('451 4.3.0 Temporarily unable to accept mail');
        } else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    receivedAt,
    /** Every mail from here on is refused (451) until accept() is called. */
    refuseAll: () => {
      refusals = Number.POSITIVE_INFINITY;
    },
    accept: () => {
      refusals = 0;
    },
    /** The Message-ID of each mail received, in order: one per mail the portal sent. */
    messageIds: () => received.map((mail) => /^Message-ID: <([^>]+)>/im.exec(mail.data)?.[1] ?? ''),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
