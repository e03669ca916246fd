// Worker thread of the scoring pool (src/environment/scoring-pool.ts): scores the jobs of each message it is
// sent with the judge-free scorer (several at once as a batch) and posts their outcomes back under their ids.
import { parentPort } from 'node:worker_threads';
import {
  scoreJobs,
  type ScoringReply,
  type ScoringRequest,
  type ScoringResponse,
} from '../environment/scoring-pool';

parentPort?.on('message', (request: ScoringRequest) => {
  const outcomes = scoreJobs(request.jobs.map((posted) => posted.job));
  const replies = request.jobs.map(({ id }, i): ScoringReply => {
    const outcome = outcomes[i]!;
    // The pool scores a job that threw again in its own thread, where the same typed error reaches the caller.
    return 'error' in outcome
      ? { id, ok: false, error: String(outcome.error) }
      : { id, ok: true, outcome };
  });
  parentPort?.postMessage({ replies } satisfies ScoringResponse);
});
