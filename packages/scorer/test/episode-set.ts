// The golden episodes that the format tests restate in another typography (full width, spaced units).
import type { ScoreBreakdown } from '@navworld/core-types';
import { scoreEpisodeSync } from '../src/index';
import * as E from './episodes';
import { ex1, ex2, ex4, ex5 } from './reference-examples';

/** Scores an episode, with another answer when one is given. */
export function scoreWith(e: E.ExampleLike, answer = e.answer): ScoreBreakdown {
  return scoreEpisodeSync({ problem: e.problem, trace: e.trace, answer });
}

/** Named golden episodes of every problem type, reference examples included. */
export const FORMAT_EPISODES: ReadonlyArray<readonly [string, E.ExampleLike]> = [
  ['intercityShort', E.intercityShort],
  ['multidayGood', E.multidayGood],
  ['familyGood', E.familyGood],
  ['singlePoiGood', E.singlePoiGood],
  ['foodBadCalls', E.foodBadCalls],
  ['hybridGood', E.hybridGood],
  ['hybridFakeFlight', E.hybridFakeFlight],
  ['businessGood', E.businessGood],
  ['businessWrongPrice', E.businessWrongPrice],
  ['reference ex1', ex1],
  ['reference ex2', ex2],
  ['reference ex4', ex4],
  ['reference ex5', ex5],
];
