// Public API of @navworld/fact-extractor. Exports are named and explicit.
export {
  FACT_EXTRACTOR_VERSION,
  ADMIN_NAME_FIELDS,
  AIRLINE_CODES,
  GENERIC_PLACE_WORDS,
} from './config';
export { extractToolFacts, type ToolFactsEntry } from './tool-facts';
export { extractAnswerFacts } from './answer-facts';
export { parsePlan, placeNames, chineseNumber } from './plan';
export { copyFacts, emptyFacts, isEmptyFacts } from './facts';
export {
  matchPoi,
  countPoiMatches,
  prepareAnswer,
  isGenericHalf,
  type PoiMatchKind,
  type PreparedAnswer,
} from './poi-match';
export { nearestDistance, factsNear } from './proximity';
export { parsePrice, type ParsePriceOptions, type PriceRangeMode } from './price';
export { weatherContextText } from './weather-context';
export { resultTextOf, type ResultTextSource } from './result-text';
export { RecurringTextCache, textFingerprint, type RecurringTextCacheOptions } from './text-cache';
export { isAdministrativeName } from './admin-names';
export { CodeUnitBuffer } from './code-units';
export {
  normalizeText,
  includesNormalized,
  codePointLength,
  foldFullWidth,
  createCodePointIndex,
  isWhitespaceCode,
  hasSurrogates,
  isCjk,
  canonicalAnswer,
  chineseNumeralValue,
} from './text';
