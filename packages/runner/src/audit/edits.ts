// Edit checks: the reference plans, edited the way a policy gaming the reward would edit them, must never score
// higher than as written. They test the scorer's monotonicity on real plans of every type, where hand-written
// episodes cover only a few shapes.
import {
  FACT_CATEGORIES,
  type ScoreBreakdown,
  type ToolTraceEntry,
  type TravelProblem,
} from '@navworld/core-types';
import { extractToolFacts } from '@navworld/fact-extractor';
import { scoreEpisodeSync } from '@navworld/scorer';

/** The edit checks, in report order. */
export const EDIT_CHECKS = [
  {
    name: 'invented_transport',
    description:
      'a flight or train no tool returned, added with its transport word to the first or last line',
    measure: 'total',
  },
  {
    name: 'no_tool_calls',
    description: 'the same plan with every tool call taken away',
    measure: 'total',
  },
  {
    name: 'citations_deleted',
    description: 'every tool fact of two or more characters deleted from the plan (IC)',
    measure: 'infoConsistency',
  },
  {
    name: 'padding',
    description: 'the plan written twice, or its middle line repeated five times',
    measure: 'total',
  },
  {
    name: 'extra_calls',
    description: 'a failed junk call, or a repeat of the first call, added to the trace',
    measure: 'total',
  },
] as const;

/** A call that fails, as a policy padding its trace would make one (the weather tool's refusal of 火星). */
const JUNK_CALL: ToolTraceEntry = {
  callId: 'call_audit_junk',
  name: 'weather',
  arguments: { city: '火星' },
  rawArguments: '{"city":"火星"}',
  ok: false,
  resultText: "未找到城市「火星」，仅支持国内主要旅游城市，请使用中文城市名，例如 '杭州'",
  errorCode: 'UNKNOWN_CITY',
  durationMs: 0,
  cached: false,
};

/** Name of an edit check. */
export type EditCheckName = (typeof EDIT_CHECKS)[number]['name'];

/** An episode to edit: the problem, the tool trace and the plan. */
export interface EditableEpisode {
  /** Its task, named in the edits that raise a score. */
  taskId: number;
  /** The problem. */
  problem: TravelProblem;
  /** The tool trace, in call order. */
  trace: readonly ToolTraceEntry[];
  /** The plan to edit. */
  answer: string;
}

/** What an edit check scores with (the scorer's `scoreEpisodeSync` in the audit). */
export type EditScorer = (input: {
  problem: TravelProblem;
  trace: readonly ToolTraceEntry[];
  answer: string;
}) => Pick<ScoreBreakdown, 'total' | 'infoConsistency'>;

/** One edit whose score rose above the unedited plan's. */
export interface RaisedEdit {
  /** The episode's task. */
  taskId: number;
  /** The plan edited: `plan` as written, or `ids_only` (its lines naming a transport word taken out). */
  variant: 'plan' | 'ids_only';
  /** The edit, e.g. `，备选航班ZH9876 on line 0`. */
  edit: string;
  /** The measure before and after. */
  before: number;
  after: number;
}

/** The figures of one edit check over the audited tasks. */
export interface EditCheckStats {
  /** Check name. */
  name: EditCheckName;
  /** What the check does to a plan. */
  description: string;
  /** What must not rise: the total, or info consistency. */
  measure: 'total' | 'infoConsistency';
  /** Edits scored. */
  edits: number;
  /** Edits whose measure rose. */
  raised: number;
  /** The edit that rose the most (absent when none rose). */
  worst?: RaisedEdit;
}

/** Lines that name a transport mode: without them, a plan names its flights and trains by id alone. */
const TRANSPORT_LINE = /航班|车次|高铁|动车|飞机|火车/u;

/** Invented transport with its word, as a policy would add one: [text added, the id it names]. */
const INVENTED: ReadonlyArray<readonly [string, string]> = [
  ['，备选航班ZH9876', 'ZH9876'],
  ['，备选高铁G9999', 'G9999'],
  ['，航班号：CA0001', 'CA0001'],
  ['，车次D8888', 'D8888'],
];

/**
 * The edits of every check applied to one episode: per check, the number of edits scored and those whose
 * measure rose. Each check edits the plan as written and the plan without its transport-word lines, which
 * names its flights and trains by id alone (a shape no policy writes on purpose, but a model may).
 */
export function editEpisode(
  episode: EditableEpisode,
  score: EditScorer = scoreEpisodeSync,
): Record<EditCheckName, { edits: number; raised: RaisedEdit[] }> {
  const out = {} as Record<EditCheckName, { edits: number; raised: RaisedEdit[] }>;
  for (const c of EDIT_CHECKS) out[c.name] = { edits: 0, raised: [] };
  const tool = extractToolFacts(episode.trace);
  const toolIds = new Set([...tool.flights, ...tool.trains]);
  // Longest first, so that a fact inside another (外滩 in 外滩公园) does not break the longer one's deletion.
  const facts = FACT_CATEGORIES.flatMap((c) => tool[c].filter((f) => f.length >= 2)).sort(
    (a, b) => b.length - a.length,
  );
  const lines = episode.answer.split('\n');
  const variants: Array<[RaisedEdit['variant'], string[]]> = [
    ['plan', lines],
    ['ids_only', lines.filter((l) => !TRANSPORT_LINE.test(l))],
  ];
  const { problem, trace, taskId } = episode;
  for (const [variant, kept] of variants) {
    const answer = kept.join('\n');
    const before = score({ problem, trace, answer });
    const check = (
      name: EditCheckName,
      edit: string,
      after: Pick<ScoreBreakdown, 'total' | 'infoConsistency'>,
    ) => {
      const measure = EDIT_CHECKS.find((c) => c.name === name)!.measure;
      out[name].edits++;
      if (after[measure] > before[measure])
        out[name].raised.push({
          taskId,
          variant,
          edit,
          before: before[measure],
          after: after[measure],
        });
    };
    for (const [text, id] of INVENTED) {
      // An id the tools did return is no invention: adding it may rightly raise the score.
      if (toolIds.has(id)) continue;
      for (const at of new Set([0, kept.length - 1])) {
        const edited = [...kept];
        edited[at] = `${edited[at]}${text}`;
        check(
          'invented_transport',
          `${text} on line ${at}`,
          score({ problem, trace, answer: edited.join('\n') }),
        );
      }
    }
    check('no_tool_calls', 'no tool calls', score({ problem, trace: [], answer }));
    let stripped = answer;
    for (const f of facts) stripped = stripped.split(f).join('');
    check(
      'citations_deleted',
      'every citation deleted',
      score({ problem, trace, answer: stripped }),
    );
    check('padding', 'the plan twice', score({ problem, trace, answer: `${answer}\n${answer}` }));
    const mid = Math.floor(kept.length / 2);
    const repeated = [...kept];
    repeated.splice(mid, 0, ...Array.from({ length: 5 }, () => kept[mid]!));
    check(
      'padding',
      `line ${mid} repeated five times`,
      score({ problem, trace, answer: repeated.join('\n') }),
    );
    check(
      'extra_calls',
      'a failed junk call',
      score({ problem, trace: [...trace, JUNK_CALL], answer }),
    );
    if (trace.length > 0)
      check(
        'extra_calls',
        'the first call again',
        score({ problem, trace: [...trace, trace[0]!], answer }),
      );
  }
  return out;
}
