// Worker thread of the scoring pool (src/environment/scoring-pool.ts): scores each final answer it is sent
// with the judge-free scorer and posts the outcome back under the job's id.
import { parentPort } from 'node:worker_threads';
import { scoreJob, type ScoringReply, type ScoringRequest } from '../environment/scoring-pool';

parentPort?.on('message', (request: ScoringRequest) => {
  let reply: ScoringReply;
  try {
    reply = { id: request.id, ok: true, outcome: scoreJob(request.job) };
  } catch (error) {
    // The pool scores the job again in its own thread, where the same typed error reaches the caller.
    reply = { id: request.id, ok: false, error: String(error) };
  }
  parentPort?.postMessage(reply);
});
