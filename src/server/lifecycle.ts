/**
 * Liveness apart from readiness. `/health` answers 200 whenever the process does; `/ready` answers
 * 503 until the server is ready and again once it drains, so a load balancer stops sending new
 * work while in-flight requests finish. While draining every response carries `Connection:
 * close`: keep-alive clients reconnect elsewhere instead of having an idle connection reset.
 */
import type { FastifyInstance } from 'fastify';
import { GLOSA_VERSION } from '../core/index.ts';
import { ServiceError } from './errors.ts';

interface State {
  started: boolean;
  draining: boolean;
}

const states = new WeakMap<FastifyInstance, State>();

/** From now on `/ready` answers 503 and every response closes its connection. */
export function startDraining(app: FastifyInstance): void {
  const state = states.get(app);
  if (state) state.draining = true;
}

export function installLifecycle(app: FastifyInstance): void {
  const state: State = { started: false, draining: false };
  states.set(app, state);
  const startedAt = Date.now();
  // Ready once listening: until then (dictionary, workers and plugins loading) it is starting.
  app.addHook('onListen', async () => {
    state.started = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.get('/health', () => ({ status: 'ok', version: GLOSA_VERSION, uptime_s: Math.round((Date.now() - startedAt) / 1000) }));
  app.get('/ready', () => {
    if (!state.started) throw new ServiceError('not_ready', 'The service is starting.', { 'retry-after': '1' });
    if (state.draining) throw new ServiceError('not_ready', 'The service is shutting down; use another instance.');
    return { status: 'ready' };
  });
}
