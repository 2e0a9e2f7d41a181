import type { ErrorInfo } from '../../core/base/errors.ts';
import { poolBroken } from '../workerPool/pagePool.ts';
import type { Notice } from './dataSlice.ts';

/**
 * How a failed job is told: a cancel is information, anything else an error. Once the pool gave
 * up on its workers, that is what is told, whichever job failed next.
 */
export function failureNotice(title: string, error: ErrorInfo): Notice {
  return told({ kind: error.code === 'cancelled' ? 'info' : 'error', title, error });
}

/** The notice, unless the pool gave up on its workers: then that stays the one thing told. */
export function told(notice: Notice): Notice {
  const broken = poolBroken();
  return broken === null ? notice : stoppedNotice(broken);
}

/** The workers crashed too often and the pool stopped restarting them: reload the page. */
export function stoppedNotice(message: string): Notice {
  return { kind: 'info', title: 'Computation stopped', error: { code: 'internal', message } };
}
