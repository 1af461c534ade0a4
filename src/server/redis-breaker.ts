/**
 * A circuit breaker for the rate-limit counters in Redis. A dead Redis fails at once (no offline
 * queue), but a hung one (stopped, overloaded, a network black hole) only fails at the command
 * timeout, and every keyed request waited for it. Here a count Redis has not answered within
 * `slowMs` is answered from this process's memory at once and counts as a failure; after
 * `failuresToOpen` failures in a row the breaker opens: counts stay local for `openMs`, then one
 * PING probes Redis in the background (no request waits for it), closing the breaker when it
 * answers in time and keeping it open for another `openMs` when not.
 */

export interface BreakerOptions {
  /** Consecutive failed or slow commands that open the breaker. */
  readonly failuresToOpen: number;
  /** How long counts stay local before Redis is probed again. */
  readonly openMs: number;
  /** Asks Redis whether it answers in time (a PING); rejects or resolves false when not. */
  readonly probe: () => Promise<boolean>;
  /** Told when counts turn local, and when they are shared again. */
  readonly onOpen?: () => void;
  readonly onClose?: () => void;
  readonly now?: () => number;
}

export interface CircuitBreaker {
  /** Whether a count may go to Redis now (false: count locally). */
  allows(): boolean;
  succeeded(): void;
  failed(): void;
  readonly state: 'closed' | 'open' | 'probing';
}

export interface BreakerTuning {
  readonly failuresToOpen: number;
  readonly openMs: number;
  /** A count Redis has not answered in this time is answered locally and counts as a failure. */
  readonly slowMs: number;
}

export const DEFAULT_BREAKER: BreakerTuning = { failuresToOpen: 3, openMs: 5_000, slowMs: 150 };

export function createBreaker(options: BreakerOptions): CircuitBreaker {
  const now = options.now ?? Date.now;
  let state: CircuitBreaker['state'] = 'closed';
  let failures = 0;
  let openUntil = 0;

  const open = () => {
    if (state === 'closed') options.onOpen?.();
    state = 'open';
    openUntil = now() + options.openMs;
  };
  const probe = () => {
    state = 'probing';
    options.probe().then(
      (ok) => {
        if (!ok) return open();
        state = 'closed';
        failures = 0;
        options.onClose?.();
      },
      () => open(),
    );
  };

  return {
    get state() {
      return state;
    },
    allows() {
      if (state === 'closed') return true;
      if (state === 'open' && now() >= openUntil) probe();
      return false;
    },
    succeeded() {
      if (state === 'closed') failures = 0;
    },
    failed() {
      if (state !== 'closed') return;
      failures++;
      if (failures >= options.failuresToOpen) open();
    },
  };
}
