import { beforeAll, describe, expect, it } from 'vitest';
import {
  PROBLEM_TYPES,
  TravelProblemSchema,
  canonicalJson,
  sha256Hex,
  type TravelProblem,
} from '@navworld/core-types';
import { getCity, hasAirport, hasTrainStation } from '@navworld/knowledge-graph';
import { CONFLICT_PAIRS, budgetFloor, generateProblem } from '../src/index';

const COUNT = 10_000;
let problems: TravelProblem[] = [];

beforeAll(() => {
  problems = Array.from({ length: COUNT }, (_, id) => generateProblem(id));
});

/** Collects failed checks so that 10 000 problems cost one assertion, not hundreds of thousands. */
function checker(): {
  check: (ok: boolean, what: string, p: TravelProblem) => void;
  failures: string[];
} {
  const failures: string[] = [];
  return {
    failures,
    check: (ok, what, p) => {
      if (!ok && failures.length < 20) failures.push(`task ${p.taskId}: ${what}`);
    },
  };
}

function countBy<T>(
  items: readonly T[],
  key: (item: T) => string | number,
): Map<string | number, number> {
  const map = new Map<string | number, number>();
  for (const item of items) map.set(key(item), (map.get(key(item)) ?? 0) + 1);
  return map;
}

describe('distribution over task ids 0–9 999', () => {
  it('gives the seven types in equal shares, by taskId mod 7', () => {
    const byType = countBy(problems, (p) => p.problemType);
    expect([...byType.keys()].sort()).toEqual([...PROBLEM_TYPES].sort());
    for (const n of byType.values()) expect([1428, 1429]).toContain(n);
    for (const p of problems) expect(p.problemType).toBe(PROBLEM_TYPES[p.taskId % 7]);
  });

  it('cycles the three difficulties and follows the level table', () => {
    const byLevel = countBy(problems, (p) => p.difficulty);
    expect([...byLevel.keys()].sort()).toEqual([1, 2, 3]);
    for (const p of problems) {
      expect(p.difficulty).toBe((Math.floor(p.taskId / 7) % 3) + 1);
      expect(p.difficultyProfile.constraintTightness).toBe([0.5, 0.75, 0.95][p.difficulty - 1]);
      expect(p.difficultyProfile.constraintConflicts).toBe(p.difficulty);
      if (p.difficulty === 1) expect(p.timePressure).toBe(false);
      if (p.difficulty === 3) expect(p.timePressure).toBe(true);
    }
    const level2 = problems.filter((p) => p.difficulty === 2);
    const pressured = level2.filter((p) => p.timePressure).length / level2.length;
    expect(pressured).toBeGreaterThan(0.4);
    expect(pressured).toBeLessThan(0.6);
  });

  it('uses at least 70 destinations and the date rule', () => {
    expect(new Set(problems.map((p) => p.destinationCity)).size).toBeGreaterThanOrEqual(70);
    expect(problems[0]!.travelDate).toBe('2025-03-01');
    expect(problems[364]!.travelDate).toBe('2026-02-28');
    expect(problems[365]!.travelDate).toBe('2025-03-01');
  });

  it('never duplicates a constraint and declares every conflict it injects', () => {
    const { check, failures } = checker();
    for (const p of problems) {
      check(new Set(p.constraints).size === p.constraints.length, 'duplicate constraint', p);
      check(p.problemType === 'intercity' || p.conflictingPairs.length >= 1, 'no conflict pair', p);
      for (const [a, b] of p.conflictingPairs) {
        check(
          p.constraints.includes(a) && p.constraints.includes(b),
          `conflict ${a}/${b} not stated`,
          p,
        );
        check(
          CONFLICT_PAIRS.some(([x, y]) => x === a && y === b),
          `unknown conflict ${a}/${b}`,
          p,
        );
      }
      for (const [a, b] of CONFLICT_PAIRS) {
        if (p.constraints.includes(a) && p.constraints.includes(b)) {
          check(
            p.conflictingPairs.some(([x, y]) => x === a && y === b),
            `undeclared ${a}/${b}`,
            p,
          );
        }
      }
      check(
        p.preference === null || !p.constraints.includes(p.preference),
        'preference repeated',
        p,
      );
    }
    expect(failures).toEqual([]);
  });

  it('fits constraints to the type', () => {
    const { check, failures } = checker();
    for (const p of problems) {
      const flights = p.requiredTools.includes('search_flights');
      check(
        flights || !p.constraints.includes('不乘坐红眼航班'),
        'red-eye rule without flights',
        p,
      );
      for (const [a, b] of p.conflictingPairs) {
        check(
          !p.interests.includes(a) && !p.interests.includes(b),
          'conflict repeats an interest',
          p,
        );
      }
      if (p.problemType === 'multiday' || p.problemType === 'hybrid') {
        check(
          p.groupType === 'family' || !p.interests.includes('亲子游乐'),
          'children interest without a family',
          p,
        );
      }
      if (p.problemType === 'food_tour') {
        check(!p.constraints.includes('美食探店'), 'food tour told to hunt food', p);
        check(
          !p.constraints.includes('素食要求') || p.foodTheme === '素食禅意料理',
          'vegetarian food tour',
          p,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps every budget at or above its floor', () => {
    const { check, failures } = checker();
    for (const p of problems) {
      check(p.budget >= budgetFloor(p), `budget ${p.budget} below floor ${budgetFloor(p)}`, p);
      check(p.budget % 10 === 0, 'budget not rounded', p);
    }
    expect(failures).toEqual([]);
  });

  it('only requires transport tools that both cities can serve', () => {
    const { check, failures } = checker();
    const expected = {
      short: 'search_train_tickets',
      medium: 'search_flights,search_train_tickets',
      long: 'search_flights',
    };
    for (const p of problems) {
      const transport = p.requiredTools.filter((t) => t.startsWith('search_'));
      if (p.originCity === null) {
        check(transport.length === 0, 'transport tool without an origin', p);
        continue;
      }
      if (transport.includes('search_flights')) {
        check(
          hasAirport(p.originCity) && hasAirport(p.destinationCity),
          'flights without airports',
          p,
        );
      }
      if (transport.includes('search_train_tickets')) {
        check(
          hasTrainStation(p.originCity) && hasTrainStation(p.destinationCity),
          'trains without stations',
          p,
        );
      }
      if (p.problemType === 'intercity') {
        check(
          transport.join(',') === expected[p.distanceCategory!],
          'intercity tools by distance',
          p,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('targets real landmarks and food themes of the destination', () => {
    const { check, failures } = checker();
    for (const p of problems) {
      const city = getCity(p.destinationCity);
      if (p.problemType === 'single_poi') {
        check(
          p.targetPoi !== null && city.landmarks.includes(p.targetPoi),
          'target not a landmark',
          p,
        );
        check(p.interests[0] === p.targetPoi, 'target not first interest', p);
      } else {
        check(p.targetPoi === null, 'stray target', p);
      }
      if (p.problemType === 'food_tour') {
        check(
          p.foodTheme !== null && city.foodThemes.includes(p.foodTheme),
          'theme not of the city',
          p,
        );
        check(p.budgetScope === 'dining', 'food tour budget scope', p);
      } else {
        check(p.foodTheme === null, 'stray food theme', p);
      }
    }
    expect(failures).toEqual([]);
  });

  it('avoids seasonal-avoid months and keeps trip lengths within the level', () => {
    const { check, failures } = checker();
    for (const p of problems) {
      const month = Number(p.travelDate.slice(5, 7));
      check(!getCity(p.destinationCity).seasonalAvoid.includes(month), 'out of season', p);
      if (p.problemType === 'intercity' || p.problemType === 'single_poi') {
        check(p.numDays === 1, 'single-day type longer than a day', p);
      } else {
        check(
          p.numDays >= 2 && p.numDays <= Math.max(2, p.difficultyProfile.maxDays),
          'days out of range',
          p,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('states every requirement and only the transport modes the tools offer', () => {
    const { check, failures } = checker();
    for (const p of problems) {
      const prompt = p.prompt;
      check(!prompt.endsWith('\n'), 'trailing newline', p);
      for (const c of p.constraints) check(prompt.includes(c), `constraint ${c} missing`, p);
      for (const [a, b] of p.conflictingPairs)
        check(prompt.includes(`「${a}」与「${b}」`), 'conflict unstated', p);
      check(prompt.includes(p.destinationCity), 'destination missing', p);
      check(prompt.includes(p.travelDate), 'date missing', p);
      check(prompt.includes(`${p.budget}元`), 'budget missing', p);
      check(prompt.includes(String(p.numDays)), 'days missing', p);
      if (p.originCity !== null) check(prompt.includes(p.originCity), 'origin missing', p);
      if (p.preference !== null && p.preference !== '无特殊要求') {
        check(prompt.includes(p.preference), 'preference missing', p);
      }
      if (p.arrivalConstraint !== null && p.arrivalConstraint !== '无时间限制') {
        check(prompt.includes(p.arrivalConstraint), 'arrival missing', p);
      }
      if (p.problemType !== 'intercity' && p.problemType !== 'business') {
        for (const i of p.interests) check(prompt.includes(i), `interest ${i} missing`, p);
      }
      if (p.problemType === 'business')
        check(prompt.includes(p.interests[0]!), 'purpose missing', p);
      if (p.targetPoi !== null) check(prompt.includes(p.targetPoi), 'target missing', p);
      if (p.foodTheme !== null) check(prompt.includes(p.foodTheme), 'theme missing', p);
      if (!p.requiredTools.includes('search_flights'))
        check(!/航班|飞机|机票/.test(prompt), 'mentions flights', p);
      if (!p.requiredTools.includes('search_train_tickets')) {
        check(!/火车|车次|高铁|动车/.test(prompt), 'mentions trains', p);
      }
      check(prompt.includes('天气'), 'no weather request', p);
      check(prompt.includes('预算') || prompt.includes('费用'), 'no budget request', p);
    }
    expect(failures).toEqual([]);
  });

  it('stamps versions and a hash of the canonical JSON', () => {
    const { check, failures } = checker();
    for (const p of problems) {
      const { problemHash, ...rest } = p;
      check(
        problemHash === sha256Hex(canonicalJson(rest)),
        'hash differs from the canonical JSON hash',
        p,
      );
      check(p.versions.taskgen === '1.0.0', 'version stamp', p);
    }
    expect(failures).toEqual([]);
    for (const p of problems.slice(0, 500)) TravelProblemSchema.parse(p);
    expect(new Set(problems.slice(0, 500).map((p) => p.problemHash)).size).toBe(500);
  });
});
