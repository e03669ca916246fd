// Benchmark: one episode's extraction work — a 15-call trace, and the answer facts and plan of a 6,000-character
// plan. Target: median ≤ 0.3 ms. Iterations alternate between two different plans, so the analysis shared by
// extractAnswerFacts and parsePlan is computed once per episode, as when scoring, and never reused across
// iterations. Tool results are measured two ways: fresh (every iteration's 15 results were never seen before,
// so the per-result fact cache cannot help) and recurring (the same results every time, as for the rollouts of
// one task, where the cache answers). The package is imported by name: in benchmark mode that is the build in
// dist/, as npm installs it (see vitest.bench-dist.mjs at the repository root; `npm run bench` builds first).
import type { ToolTraceEntry } from '@navworld/core-types';
import { bench, describe } from 'vitest';
import { extractAnswerFacts, extractToolFacts, parsePlan } from '@navworld/fact-extractor';
import { entry, fixture } from './helpers';

const trace = [
  entry('poi_search', fixture('offline-poi-search.txt')),
  entry('poi_search', fixture('amap-poi.txt')),
  entry('poi_search', fixture('offline-poi-search.txt').replace(/西湖/g, '西溪')),
  entry('around_search', fixture('offline-around-search.txt')),
  entry('around_search', fixture('offline-around-search.txt').replace(/小笼包/g, '片儿川')),
  entry('direction', fixture('offline-direction-driving.txt')),
  entry('direction', fixture('offline-direction-walking.txt')),
  entry('direction', fixture('amap-route.txt')),
  entry('direction', fixture('offline-direction-driving.txt').replace('6.3公里', '8.1公里')),
  entry('weather', fixture('offline-weather.txt')),
  entry('weather', fixture('amap-weather.txt')),
  entry('search_flights', fixture('offline-flights.txt')),
  entry('search_flights', fixture('offline-flights.txt').replace(/北京大兴/g, '北京首都')),
  entry('search_train_tickets', fixture('offline-trains.txt')),
  entry('search_train_tickets', fixture('offline-trains.txt').replace(/北京南站/g, '北京西站')),
];

let freshTurn = 0;
/**
 * A trace whose 15 results were never seen before: each gets a line with a new query number. Built per
 * iteration (a microsecond, counted in the figure) rather than kept in a large pool, whose retained strings
 * made the garbage collector's share of the figure vary from run to run.
 */
function nextFreshTrace(): ToolTraceEntry[] {
  freshTurn++;
  return trace.map((e) => ({ ...e, resultText: `${e.resultText}\n（查询编号 Q${freshTurn}）` }));
}

// A realistic 6,000-character plan: markdown with tables, plain paragraphs and a JSON block, repeated.
const unit = `${fixture('answer-markdown.md')}\n${fixture('answer-plain.txt')}\n${fixture('answer-json.md')}\n`;
const codePoints = Array.from(unit.repeat(4));
const plans = [codePoints.slice(0, 6_000).join(''), codePoints.slice(137, 6_137).join('')];
let turn = 0;
/** The next plan: never the one the previous iteration used. */
function nextPlan(): string {
  turn = (turn + 1) % plans.length;
  return plans[turn] ?? '';
}

// Timed after 3 s of warm-up: the first couple of thousand episodes of a process run slower while the engine
// compiles, and a training or evaluation run spends nearly all its time past them.
const options = { time: 2_000, warmupTime: 3_000 };

describe('episode extraction', () => {
  bench(
    'extractToolFacts(15 fresh calls) + extractAnswerFacts + parsePlan (6,000 chars)',
    () => {
      const plan = nextPlan();
      extractToolFacts(nextFreshTrace());
      extractAnswerFacts(plan);
      parsePlan(plan);
    },
    options,
  );
  bench(
    'extractToolFacts(15 recurring calls) + extractAnswerFacts + parsePlan (6,000 chars)',
    () => {
      const plan = nextPlan();
      extractToolFacts(trace);
      extractAnswerFacts(plan);
      parsePlan(plan);
    },
    options,
  );
  bench(
    'extractToolFacts(15 fresh calls)',
    () => {
      extractToolFacts(nextFreshTrace());
    },
    options,
  );
  bench(
    'extractToolFacts(15 recurring calls)',
    () => {
      extractToolFacts(trace);
    },
    options,
  );
  bench(
    'extractAnswerFacts (6,000 chars)',
    () => {
      extractAnswerFacts(nextPlan());
    },
    options,
  );
  bench(
    'parsePlan (6,000 chars)',
    () => {
      parsePlan(nextPlan());
    },
    options,
  );
});
