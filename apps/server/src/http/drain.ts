import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const PROBES = '/api/v1/health/';

/** Graceful shutdown: while draining, in-flight requests finish and new ones get 503. */
export class Drain {
  draining = false;
  inFlight = 0;

  install(app: FastifyInstance): void {
    const settled = () => {
      this.inFlight--;
    };
    app.addHook('onRequest', (req, reply, done) => {
      // health probes still answer: live says the process is up, ready says it is going (503)
      if (this.draining && !req.url.startsWith(PROBES)) {
        reply.header('connection', 'close');
        done(new AppError(503, 'SHUTTING_DOWN', 'server.service_unavailable'));
        return;
      }
      this.inFlight++;
      // 'close' fires once the response is sent or the client went away.
      reply.raw.once('close', settled);
      done();
    });
  }

  async drain(timeoutMs = 20_000): Promise<void> {
    this.draining = true;
    const until = Date.now() + timeoutMs;
    while (this.inFlight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  }
}
