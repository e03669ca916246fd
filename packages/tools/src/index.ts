// Public API of @navworld/tools: the six tools, their worlds (offline, AMap, cassettes), cache and MCP server.
export {
  WORLD_VERSION,
  TOOL_BUDGETS,
  MAX_ARGUMENT_BYTES,
  MAX_ARGUMENT_DEPTH,
  MODE_PROFILES,
} from './config';
export {
  toolDefinitions,
  type OpenAIToolDefinition,
  type ToolParametersSchema,
} from './definitions';
export {
  normalizeToolArguments,
  normalizeCityName,
  parseCoordinate,
  TOOL_ARGUMENT_SCHEMAS,
  TRAVEL_MODES,
  isToolName,
} from './validation';
export { callTool, toolCacheKey, toolBudgetExceededResult } from './call-tool';
export {
  WORLD_NAMES,
  CACHE_KINDS,
  createToolContext,
  defaultCachePath,
  isWorldName,
  type CacheKind,
  type ToolContextOptions,
} from './context';
export {
  createMemoryCache,
  createNoCache,
  createSqliteCache,
  type MemoryCacheOptions,
  type SqliteCacheOptions,
} from './cache';
export { createOfflineProvider } from './providers/offline';
export {
  createAmapProvider,
  parseAmapKeys,
  isQuotaFailure,
  type AmapProviderOptions,
} from './providers/amap';
export {
  createRecordingProvider,
  createReplayProvider,
  verifyCassette,
  cassetteKey,
  manifestPathOf,
  type CassetteManifest,
} from './cassette';
export {
  jsonToMarkdown,
  truncateText,
  renderPois,
  renderRoute,
  renderForecast,
  renderProviderData,
  formatDistance,
  formatDuration,
  type MdValue,
} from './render';
export { createMcpServer, startMcpStdioServer, type McpServerOptions } from './mcp';
export type {
  MapToolName,
  TravelMode,
  WorldName,
  PoiCost,
  PoiRecord,
  RouteStep,
  RouteRecord,
  ForecastDay,
  ForecastRecord,
  ProviderData,
  ProviderOutcome,
  ProviderCallContext,
  MapProvider,
  ToolCache,
  CacheStats,
  ToolLogger,
  ToolContext,
} from './types';
