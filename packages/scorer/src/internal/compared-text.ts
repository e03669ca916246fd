// The answer and the tool results in the echo defences' compared form, computed once per episode for both.
import { CodeUnitBuffer, isCjk } from '@navworld/fact-extractor';
import type { ScoringContext } from '../context';
import { SCORING_CONFIG } from '../config';
import { compareForm } from './compare-form';
import { toolSideKey } from './tool-side';

/** Clause separators: line breaks and the clause echo's configured characters. */
const SEPARATORS = new Set([
  0x0a,
  0x0d,
  ...[...SCORING_CONFIG.clauseEcho.separators].map((c) => c.charCodeAt(0)),
]);

/** Table value of a clause separator. */
const SEPARATOR = -2;
/** Table value of a high surrogate: its code point decides. */
const HIGH = -3;

/**
 * What each UTF-16 unit is to the fill loop, in one read: its compared form plus one, −1 when it is skipped,
 * {@link SEPARATOR} or {@link HIGH} (0: not looked up yet).
 */
const UNIT_KIND = new Int32Array(0x10000);

/**
 * Whether every CJK unified ideograph of the BMP (`isCjk`: U+4E00–U+9FFF and extension A) is compared as
 * itself and none is a separator: then the fill loop gives them their value without reading the table (most
 * units of a Chinese text are ideographs, and skipping the table keeps its lines out of the cache). Both
 * blocks are assigned in full, so their first and last units being compared means all of them are.
 */
const IDEOGRAPHS_PLAIN =
  [0x3400, 0x4dbf, 0x4e00, 0x9fff].every((c) => compareForm(c) === c) &&
  ![...SEPARATORS].some(isCjk);

function kindOf(c: number): number {
  let v: number;
  if (SEPARATORS.has(c)) v = SEPARATOR;
  else if (c >= 0xd800 && c <= 0xdbff) v = HIGH;
  else {
    const f = compareForm(c);
    v = f < 0 ? -1 : f + 1;
  }
  UNIT_KIND[c] = v;
  return v;
}

/**
 * Texts in compared form: the compared code points of each text one after another, −1 after each text, and
 * for every compared code point whether a clause starts there (the first of its text, or a clause separator
 * stands between it and the previous one). The arrays are scratch storage, valid until the next episode.
 */
export interface ComparedTexts {
  /** Compared forms, texts separated (and ended) by −1; `forms[0, length)` is in use. */
  readonly forms: Int32Array;
  /** 1 where a clause starts, parallel to `forms`. */
  readonly clauseStarts: Uint8Array;
  /** Entries of `forms` in use. */
  readonly length: number;
  /** Per text, where its forms start and end (the −1 after it is at `ends[k]`). */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** The code units of the text being read: a typed copy reads faster than `charCodeAt` in the loop below. */
const UNITS = new CodeUnitBuffer(4096);

/** Grow-only scratch arrays of one {@link ComparedTexts}. */
class ComparedScratch {
  forms = new Int32Array(4096);
  clauseStarts = new Uint8Array(4096);

  /** Fills the scratch with `texts`; returns the view. */
  fill(texts: readonly string[]): ComparedTexts {
    let need = texts.length;
    for (const t of texts) need += t.length;
    if (this.forms.length < need) {
      const size = Math.max(need, 2 * this.forms.length);
      this.forms = new Int32Array(size);
      this.clauseStarts = new Uint8Array(size);
    }
    const forms = this.forms;
    const flags = this.clauseStarts;
    const starts: number[] = [];
    const ends: number[] = [];
    let n = 0;
    for (const text of texts) {
      starts.push(n);
      let start = 1;
      const units = UNITS.load(text);
      for (let i = 0; i < units.length; i++) {
        const c = units[i]!;
        let v = IDEOGRAPHS_PLAIN && isCjk(c) ? c + 1 : UNIT_KIND[c]!;
        if (v === 0) v = kindOf(c);
        let f: number;
        if (v > 0) f = v - 1;
        else if (v === -1) continue;
        else if (v === SEPARATOR) {
          start = 1;
          continue;
        } else {
          const cp = text.codePointAt(i)!;
          if (cp > 0xffff) i++;
          f = compareForm(cp);
          if (f < 0) continue;
        }
        forms[n] = f;
        flags[n++] = start;
        start = 0;
      }
      ends.push(n);
      forms[n] = -1;
      flags[n++] = 1;
    }
    return { forms, clauseStarts: flags, length: n, starts, ends };
  }
}

const ANSWER = new ComparedScratch();
const RESULTS = new ComparedScratch();
// The episode whose answer the scratch holds, and the tool side whose results it holds: rules are synchronous,
// so the echo defences of one episode read them in turn before another episode overwrites them. The results
// stay valid for every episode of the same tool side.
let answerOwner: ScoringContext | undefined;
let resultsOwner: object | undefined;
let answerView: ComparedTexts | undefined;
let resultsView: ComparedTexts | undefined;

/** The answer of an episode in compared form (one text). */
export function comparedAnswer(ctx: ScoringContext): ComparedTexts {
  if (answerOwner !== ctx || answerView === undefined) {
    answerView = ANSWER.fill([ctx.answer]);
    answerOwner = ctx;
  }
  return answerView;
}

/**
 * The result texts of an episode in compared form, in trace order. The same view (same object) is returned
 * for every episode of the same tool side until another tool side is filled in.
 */
export function comparedResults(ctx: ScoringContext): ComparedTexts {
  const owner = toolSideKey(ctx);
  if (resultsOwner !== owner || resultsView === undefined) {
    resultsView = RESULTS.fill(ctx.resultTexts);
    resultsOwner = owner;
  }
  return resultsView;
}
