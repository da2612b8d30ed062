// The SMTP mailer over a real socket: nodemailer loads with the first mail, not when the server starts.
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from './smtp-mailer.js';

/** A minimal SMTP server that keeps each message's DATA. */
function smtpSink() {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else messages[messages.length - 1] += `${line}\n`;
        } else if (/^DATA/i.test(line)) {
          inData = true;
          messages.push('');
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, messages };
}

describe('smtpMailer', () => {
  const sink = smtpSink();
  let port = 0;
  beforeAll(async () => {
    sink.server.listen(0, '127.0.0.1');
    await once(sink.server, 'listening');
    const address = sink.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => sink.server.close());

  it('sends through SMTP_URL, both of two concurrent first mails (nodemailer loading meanwhile)', async () => {
    const mailer = smtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'sales@example.com' });
    await Promise.all([
      mailer.send({ subject: 'First', text: 'Quay 4', replyTo: 'a@example.com' }),
      mailer.send({ subject: 'Second', text: 'Quay 5', replyTo: 'b@example.com' }),
    ]);
    expect(sink.messages).toHaveLength(2);
    expect(sink.messages.join('')).toContain('Subject: First');
    expect(sink.messages.join('')).toContain('Subject: Second');
  });

  it('answers a refused connection as the send error', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const address = closed.address();
    const closedPort = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => closed.close(resolve));
    const mailer = smtpMailer({ smtpUrl: `smtp://127.0.0.1:${closedPort}`, from: 'sales@example.com' });
    await expect(mailer.send({ subject: 'x', text: 'y', replyTo: 'c@example.com' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
