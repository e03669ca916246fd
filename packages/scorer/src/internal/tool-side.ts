// The identity of an episode's tool side: episodes whose traces have the same tool names, outcomes and result
// texts share one object, so that rules which build tables from the tool results alone (the echo index, the
// tool clauses, the bare-list pieces, the price tables) keep them for the next such episode instead of building
// them again. The rollouts of one task call the same tools and get the same results, and are often scored one
// after another.
import type { ToolTraceEntry } from '@navworld/core-types';

/**
 * What the tool-side tables of the rules are built from: per trace entry its tool name, whether it succeeded
 * and its unwrapped result text. The tool facts are a function of the same three (see `extractToolFacts`), so
 * two episodes with equal tool sides have equal tool facts too.
 */
export class ToolSide {
  /** Tables the rules keep for this tool side, by key (see {@link toolSideTable}). */
  readonly tables = new Map<symbol, unknown>();
  /** Characters of its result texts. */
  readonly chars: number;

  constructor(
    readonly names: readonly string[],
    readonly oks: readonly boolean[],
    readonly texts: readonly string[],
  ) {
    let chars = 0;
    for (const t of texts) chars += t.length;
    this.chars = chars;
  }
}

/** Tool sides of the latest distinct traces, most recent first. */
const RECENT: ToolSide[] = [];
/**
 * How many are remembered: enough for a batch that mixes the rollouts of a few tasks. Each lookup compares
 * the new trace with them, and a comparison mostly stops at the first entry (other tasks' texts differ in
 * length or early on).
 */
const MAX_RECENT = 8;
/**
 * Most characters of result text the remembered sides hold together (the oldest are forgotten first); a trace
 * with more than this alone is not remembered, and its tables are rebuilt for each of its episodes.
 */
const MAX_REMEMBERED_CHARS = 2_000_000;
/** Characters of the remembered sides' texts. */
let rememberedChars = 0;

function sameToolSide(
  side: ToolSide,
  trace: readonly ToolTraceEntry[],
  texts: readonly string[],
): boolean {
  if (side.texts.length !== texts.length) return false;
  for (let k = 0; k < texts.length; k++) {
    const entry = trace[k]!;
    if (side.names[k] !== entry.name || side.oks[k] !== entry.ok || side.texts[k] !== texts[k])
      return false;
  }
  return true;
}

/**
 * The tool side of a trace whose unwrapped result texts are `texts` (one per entry): the object given for an
 * equal one of the last few traces, else a new one. Equality is exact (names, outcomes and every character of
 * every text), so a table kept for one episode is the table the next would build.
 */
export function toolSideOf(trace: readonly ToolTraceEntry[], texts: readonly string[]): ToolSide {
  for (let i = 0; i < RECENT.length; i++) {
    const side = RECENT[i]!;
    if (!sameToolSide(side, trace, texts)) continue;
    if (i > 0) {
      RECENT.splice(i, 1);
      RECENT.unshift(side);
    }
    return side;
  }
  const side = new ToolSide(
    trace.map((e) => e.name),
    trace.map((e) => e.ok),
    texts.slice(),
  );
  if (side.chars <= MAX_REMEMBERED_CHARS) {
    RECENT.unshift(side);
    rememberedChars += side.chars;
    while (RECENT.length > MAX_RECENT || rememberedChars > MAX_REMEMBERED_CHARS)
      rememberedChars -= RECENT.pop()!.chars;
  }
  return side;
}

/**
 * The key under which a rule keeps a table built from the tool results alone: the context's tool side, or the
 * context itself when it has none of the scorer's making (a hand-built context).
 */
export function toolSideKey(ctx: { readonly toolSide?: object }): object {
  return ctx.toolSide instanceof ToolSide ? ctx.toolSide : ctx;
}

/**
 * A table built from the episode's tool side alone, built once per tool side and then shared by its
 * episodes (built on every call for a context without a tool side). `build` must read nothing of the episode
 * but its tool side (trace names and outcomes, result texts, tool facts), must not keep the context, and the
 * table must never be changed once built, except to memoise more answers of a function of the tool side alone
 * (a bounded map from a name to whether the results hold it, say).
 */
export function toolSideTable<T>(
  ctx: { readonly toolSide?: object },
  key: symbol,
  build: () => T,
): T {
  const side = ctx.toolSide;
  if (!(side instanceof ToolSide)) return build();
  let table = side.tables.get(key) as T | undefined;
  if (table === undefined) {
    table = build();
    side.tables.set(key, table);
  }
  return table;
}
