import type { ToolName } from '@navworld/core-types';

/** A JSON Schema object describing a tool's parameters. */
export interface ToolParametersSchema {
  /** Always `object`. */
  type: 'object';
  /** Parameter schemas by name. */
  properties: Record<string, Record<string, unknown>>;
  /** Names of required parameters. */
  required: string[];
}

/** A tool in the OpenAI function-calling format. */
export interface OpenAIToolDefinition {
  /** Always `function`. */
  type: 'function';
  /** The function description. */
  function: {
    /** Tool name. */
    name: ToolName;
    /** What the tool does (Chinese). */
    description: string;
    /** JSON Schema of the arguments. */
    parameters: ToolParametersSchema;
  };
}

const CITY_SUFFIX_NOTE = '中文城市名，例如';

const DEFINITIONS: readonly OpenAIToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'poi_search',
      description:
        '按关键词或地址搜索地点（景点、酒店、餐厅、车站等），返回名称、地址、坐标、类型、评分、电话、营业时间和价格。',
      parameters: {
        type: 'object',
        properties: {
          address: {
            type: 'string',
            description: "关键词或地址，例如 '西湖'、'北京南站'、'餐厅'，最长80字",
          },
          region: { type: 'string', description: `限定搜索的城市，${CITY_SUFFIX_NOTE} '杭州'` },
        },
        required: ['address'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'around_search',
      description: '以一个坐标为中心，在给定半径内搜索周边地点，结果按距离排序。',
      parameters: {
        type: 'object',
        properties: {
          location: { type: 'string', description: "中心点坐标 '经度,纬度'，例如 '120.15,30.28'" },
          radius: {
            type: 'integer',
            description: '搜索半径（米），0–50000，默认5000',
            minimum: 0,
            maximum: 50000,
          },
          keyword: { type: 'string', description: "关键词，例如 '餐厅'、'酒店'" },
          region: { type: 'string', description: `所在城市，${CITY_SUFFIX_NOTE} '杭州'` },
        },
        required: ['location'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'direction',
      description:
        '规划两点之间的路线，返回距离、耗时和分段导航；驾车附打车费用，公共交通附线路名称。',
      parameters: {
        type: 'object',
        properties: {
          origin: { type: 'string', description: "起点坐标 '经度,纬度'，例如 '120.15,30.28'" },
          destination: { type: 'string', description: "终点坐标 '经度,纬度'，例如 '120.16,30.25'" },
          mode: {
            type: 'string',
            enum: ['driving', 'walking', 'bicycling', 'electrobike', 'transit'],
            description:
              '出行方式：driving 驾车（默认）、walking 步行、bicycling 骑行、electrobike 电动车、transit 公共交通',
          },
          waypoints: {
            type: 'string',
            description: "途经点（仅驾车），多个坐标用 ';' 分隔，最多16个",
          },
        },
        required: ['origin', 'destination'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'weather',
      description: '查询城市未来4天的天气预报：白天和夜间天气、温度、风向和风力。',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: `${CITY_SUFFIX_NOTE} '杭州'` } },
        required: ['city'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'search_flights',
      description: '查询两个城市之间某天的航班：航班号、航空公司、起降机场和时间、飞行时长和价格。',
      parameters: {
        type: 'object',
        properties: {
          date: { type: 'string', description: "出发日期 'YYYY-MM-DD'" },
          from_city: { type: 'string', description: `出发城市，${CITY_SUFFIX_NOTE} '北京'` },
          to_city: { type: 'string', description: `到达城市，${CITY_SUFFIX_NOTE} '上海'` },
        },
        required: ['date', 'from_city', 'to_city'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'search_train_tickets',
      description:
        '查询两个城市之间某天的火车票：车次、出发和到达车站及时间、全程时长、座位类型和价格。',
      parameters: {
        type: 'object',
        properties: {
          date: { type: 'string', description: "出发日期 'YYYY-MM-DD'" },
          from_city: { type: 'string', description: `出发城市，${CITY_SUFFIX_NOTE} '北京'` },
          to_city: { type: 'string', description: `到达城市，${CITY_SUFFIX_NOTE} '上海'` },
          from_city_adcode: { type: 'string', description: '出发城市行政区划代码（可选，可不填）' },
          to_city_adcode: { type: 'string', description: '到达城市行政区划代码（可选，可不填）' },
          from_lat: { type: 'string', description: '出发地纬度（可选）' },
          from_lon: { type: 'string', description: '出发地经度（可选）' },
          to_lat: { type: 'string', description: '到达地纬度（可选）' },
          to_lon: { type: 'string', description: '到达地经度（可选）' },
        },
        required: ['date', 'from_city', 'to_city'],
      },
    },
  },
];

/** The six tools in the OpenAI function-calling format, with Chinese descriptions. Returns fresh copies. */
export function toolDefinitions(): OpenAIToolDefinition[] {
  return structuredClone(DEFINITIONS) as OpenAIToolDefinition[];
}
