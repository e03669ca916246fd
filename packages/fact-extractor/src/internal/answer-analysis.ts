// The analysis of an answer that extractAnswerFacts and parsePlan both need, computed once per answer.
import { ANSWER_CLAIM_WINDOW } from '../config';
import { foldFullWidth, canonicalAnswer } from '../text';
import { findJson, type JsonSearch } from './json';
import { jsonStatements } from './json-plan';
import {
  answerSuffixNames,
  createNameCleaner,
  scanIds,
  type AnswerSuffixNames,
  type IdHit,
  type NameCleaner,
} from './scanners';
import { tableStatements } from './tables';
import { contextStatements, type ClaimStatement } from './transport';

const BOTH_KINDS = new Set<'flight' | 'train'>(['flight', 'train']);

/**
 * Shared, read-only analysis of one answer. Each part is computed on first use; callers must not mutate what
 * they get (the scorer calls both extractors on the same answer, so the second call reuses the first's work).
 */
export class AnswerAnalysis {
  /** The answer with full-width ASCII folded. */
  readonly raw: string;
  private idHits: IdHit[] | undefined;
  private tableList: ClaimStatement[] | undefined;
  private contextList: ClaimStatement[] | undefined;
  private jsonSearch: JsonSearch | undefined;
  private jsonList: ClaimStatement[] | undefined;
  private jsonFailure: { error: unknown } | undefined;
  private strictCleaner: NameCleaner | undefined;
  private suffixList: AnswerSuffixNames | undefined;

  constructor(text: string) {
    this.raw = foldFullWidth(canonicalAnswer(text));
  }

  /** Every flight and train id, in order. */
  get ids(): readonly IdHit[] {
    this.idHits ??= scanIds(this.raw);
    return this.idHits;
  }

  /** The first JSON value of the answer (see findJson). */
  get json(): JsonSearch {
    this.jsonSearch ??= findJson(this.raw);
    return this.jsonSearch;
  }

  /** Strict POI-name cleaning, remembered for this answer. */
  get cleanName(): NameCleaner {
    this.strictCleaner ??= createNameCleaner(true);
    return this.strictCleaner;
  }

  /** Plan places, suffix POIs and roads, found in one pass and cleaned with {@link cleanName}. */
  get suffixNames(): AnswerSuffixNames {
    this.suffixList ??= answerSuffixNames(this.raw, this.cleanName);
    return this.suffixList;
  }

  /** Statements of markdown-table rows. */
  get tableStatements(): readonly ClaimStatement[] {
    this.tableList ??= tableStatements(this.raw);
    return this.tableList;
  }

  /** Statements read from the clause after each id. */
  get contextStatements(): readonly ClaimStatement[] {
    this.contextList ??= contextStatements(
      this.raw,
      this.ids,
      BOTH_KINDS,
      ANSWER_CLAIM_WINDOW,
      true,
    );
    return this.contextList;
  }

  /**
   * Statements of the transport-like objects of the JSON value. Should reading them fail, the statements found
   * before the failure are returned through `partial` and the error is thrown again, every time.
   */
  jsonStatements(partial: (found: readonly ClaimStatement[]) => void): readonly ClaimStatement[] {
    if (this.jsonList === undefined) {
      const list: ClaimStatement[] = [];
      try {
        jsonStatements(this.json.value, list);
      } catch (error) {
        this.jsonFailure = { error };
      }
      this.jsonList = list;
    }
    if (this.jsonFailure !== undefined) {
      partial(this.jsonList);
      throw this.jsonFailure.error;
    }
    return this.jsonList;
  }
}

// One entry is enough: the two extractors run back to back on the same answer.
let last: { text: string; analysis: AnswerAnalysis } | undefined;

/** The analysis of `text`, reused when the previous call was for the same text. */
export function analyseAnswer(text: string): AnswerAnalysis {
  if (last !== undefined && last.text === text) return last.analysis;
  const analysis = new AnswerAnalysis(text);
  last = { text, analysis };
  return analysis;
}
