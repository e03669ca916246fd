// Long answers: the bounds that keep price grounding linear on a line of thousands of amounts (and what they
// leave unchanged on ordinary lines), and a list with more lines than one call takes arguments.
import { describe, expect, it } from 'vitest';
import { SCORING_CONFIG, buildContext, priceGrounding, scoreEpisodeSync } from '../src/index';
import { cpuMs, foodTrace, makeProblem } from './helpers';

const C = SCORING_CONFIG.priceGrounding;

const problem = makeProblem('food_tour', { groupSize: 2, numDays: 1, budget: 3000 });

/** A total line: `terms` tool prices (120, 60, 328 in turn, from the `from`-th) added up, then their sum. */
function totalLine(terms: number, from = 0): { line: string; sum: number } {
  const values = Array.from({ length: terms }, (_, i) => [120, 60, 328][(from + i) % 3]!);
  const sum = values.reduce((a, b) => a + b, 0);
  return { line: `- 合计：${values.map((v) => `${v}元`).join(' + ')} = ${sum}元`, sum };
}

function claimsOf(answer: string): ReturnType<typeof priceGrounding>['claims'] {
  return priceGrounding(buildContext(problem, foodTrace, answer)).claims;
}

describe('operands of a price’s arithmetic', () => {
  it(`a sum of up to ${C.operandWindow} numbers before it on its line is traced`, () => {
    const { line, sum } = totalLine(30);
    expect(sum).toBe(5080);
    const claims = claimsOf(`上海美食一日游\n${line}`);
    expect(claims).toHaveLength(31);
    expect(claims.slice(0, 30).every((c) => c.kind === 'tool')).toBe(true);
    expect(claims[30]).toEqual({ value: 5080, kind: 'derived' });
  });

  it(`a sum reaching further back than ${C.operandWindow} numbers is not (no shorter run, product or difference gives it)`, () => {
    const { line, sum } = totalLine(39);
    expect(sum).toBe(6604);
    const claims = claimsOf(`上海美食一日游\n${line}`);
    expect(claims[39]).toEqual({ value: 6604, kind: 'ungrounded' });
    // The same 39 terms in two lines of subtotals are traced: each subtotal, then the total of the two.
    const first = totalLine(21);
    const second = totalLine(18, 21);
    const split = [
      '上海美食一日游',
      first.line,
      second.line,
      `- 总计：${first.sum}元 + ${second.sum}元 = ${first.sum + second.sum}元`,
    ].join('\n');
    const kinds = claimsOf(split).filter((c) => c.value > 328);
    expect(kinds).toEqual([
      { value: first.sum, kind: 'derived' },
      { value: second.sum, kind: 'derived' },
      { value: first.sum, kind: 'derived' },
      { value: second.sum, kind: 'derived' },
      { value: 6604, kind: 'derived' },
    ]);
  });

  it('a POI-labelled price binds to the nearest priced POI of its clause however many precede it', () => {
    // Dozens of mentions of 老正兴菜馆 in one clause, then 南翔馒头店 right before a 人均 price: the price is
    // 南翔馒头店's, and 60 is its record price.
    const filler = '老正兴菜馆、'.repeat(60);
    const claims = claimsOf(`上海美食\n${filler}南翔馒头店人均60元，老正兴菜馆人均120元`);
    expect(claims).toEqual([
      { value: 60, kind: 'bound_poi' },
      { value: 120, kind: 'bound_poi' },
    ]);
    // A mention further than the binding window before the price does not bind it (the prose line only
    // makes the answer long enough to be checked).
    const prose = `${'这是一段说明文字，'.repeat(25)}\n`;
    const far = claimsOf(`${prose}南翔馒头店${'的'.repeat(C.bindWindow + 1)}人均70元`);
    expect(far).toEqual([{ value: 70, kind: 'ungrounded' }]);
    const near = claimsOf(`${prose}南翔馒头店${'的'.repeat(C.bindWindow - 3)}人均70元`);
    expect(near).toEqual([{ value: 70, kind: 'mismatched_poi' }]);
  });
});

describe('long lines of amounts stay linear (generous bounds on CPU time; speed is in the benchmark)', () => {
  // Each took 8–12 s on the benchmark machine when every price looked back over its whole line or clause,
  // and takes a few hundred milliseconds now.
  const shapes: Array<[string, string]> = [
    ['one line of 50,000 prices', '1元'.repeat(50_000)],
    ['one clause of 20,000 POI-labelled prices', '南翔馒头店人均1元'.repeat(20_000)],
    ['30,000 numbers, then 30,000 prices', `${'700 '.repeat(30_000)}${'9元'.repeat(30_000)}`],
  ];
  it.each(shapes)('%s', (_, answer) => {
    scoreEpisodeSync({ problem, trace: foodTrace, answer: answer.slice(0, 2_000) });
    const t = cpuMs();
    const b = scoreEpisodeSync({ problem, trace: foodTrace, answer });
    expect(cpuMs() - t).toBeLessThan(5_000);
    expect(b.priceGrounding).toMatchObject({ counted: expect.any(Number) });
  });
});

describe('answers with more items than a call takes arguments', () => {
  // This threw a RangeError before (the list's lines were spread into one call's arguments), so the episode
  // could not be scored at all. As a step's JSON body the answer takes 980,014 bytes: it passes the episode
  // server's 1 MB limit.
  const many = 140_000;

  it(`a bare list of ${many.toLocaleString('en')} tool prices`, () => {
    const b = scoreEpisodeSync({ problem, trace: foodTrace, answer: '60元\n'.repeat(many) });
    expect(b.defenses).toContain('context_free_facts');
    expect(b.total).toBeGreaterThanOrEqual(0);
  });
});
