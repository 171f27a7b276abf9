import { SMTPServer } from 'smtp-server';

/** A mail as a real local SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  messageId: string;
  body: string;
}

/** A real SMTP server on loopback (the `smtp-server` package) that records what it receives. */
export function startSmtp(port: number, received: ReceivedMail[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let body = '';
      stream.on('data', (c: Buffer) => {
        body += c.toString();
      });
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /Message-ID: (.+)/i.exec(body)?.[1]?.trim() ?? '',
          body,
        });
        cb();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export function stopSmtp(server: SMTPServer | undefined): Promise<void> {
  return new Promise((r) => (server ? server.close(() => r()) : r()));
}
