// Public API of @navworld/scorer: episode scoring, result views, step rewards and the scoring constants.
export {
  SCORING_CONFIG,
  type ScoringConfig,
  type DimensionSpec,
  type DiversityTier,
  type DimensionKind,
  type FactSource,
  type TargetRule,
  type PoiPriceKind,
} from './config';
export { SCORER_VERSION } from './version';
export {
  scoreEpisode,
  scoreEpisodeSync,
  scoreEpisodeDetailed,
  scoreEpisodeSyncDetailed,
  scoreEpisodesSync,
  scoreEpisodesSyncDetailed,
  type ScoreEpisodeInput,
  type ScoreDetails,
} from './score-episode';
export {
  toSafeResult,
  toDebugResult,
  scoreBand,
  seededGaussians,
  debugRequested,
  type SafeResultOptions,
  type DebugExtras,
} from './results';
export {
  stepReward,
  stepRewardDetails,
  stepRewardCap,
  capStepRewards,
  callKey,
  callArguments,
  toolSelection,
  argumentQuality,
  resultUsefulness,
  STEP_REWARD_EPISODE_CAP,
  type StepCall,
  type EarlierCall,
  type StepRewardInput,
  type StepRewardDetails,
} from './step-reward';
export {
  formatValid,
  requiredToolsCalled,
  poiNamesVerified,
  transportGrounded,
  transportMultiplier,
  verifyTransport,
  toolQuality,
  toolInfoUsed,
  validityRatio,
  hasRequiredArguments,
  type TransportGrounding,
  type ClaimLists,
} from './rules/hard-constraints';
export {
  infoConsistency,
  bonusRate,
  categoryScore,
  type InfoConsistencyResult,
} from './rules/info-consistency';
export {
  completeness,
  groundedContext,
  verifiedContext,
  dayStructure,
  duplicatedDays,
  countDays,
  chineseNumeral,
  templateMultiplier,
  targetCount,
  type CompletenessResult,
} from './rules/completeness';
export { fabricationPenalty, toolPoiPrices, type FabricationResult } from './rules/fabrication';
export {
  diversityMultiplier,
  unsourcedRouteClaims,
  type RouteClaimsResult,
} from './rules/diversity';
export { echoFraction, echoDefence } from './rules/echo';
export { placelessPlan, type PlacelessPlanResult } from './rules/placeless-plan';
export { clauseEcho, clauseEchoDefence, type ClauseEchoResult } from './rules/clause-echo';
export {
  factPrecision,
  factPrecisionMultiplier,
  namedPlacesMultiplier,
  unsourcedPlacesMultiplier,
  type FactPrecisionResult,
} from './rules/fact-precision';
export { buildFactContext, isBareFactList, type FactContext } from './rules/fact-context';
export {
  priceGrounding,
  priceGroundingMultiplier,
  untracedPricesMultiplier,
  isDerivedPrice,
  scanNumbers,
  type NumberToken,
  type PriceClaim,
  type PriceClaimKind,
  type PriceGroundingResult,
} from './rules/price-grounding';
export {
  codeTotal,
  defenseInDepth,
  coupleScores,
  applyHardConstraints,
  type Coupled,
} from './rules/coupling';
export { buildContext, type ScoringContext, type Span } from './context';
export type { CodePointIndex } from './internal/text';
