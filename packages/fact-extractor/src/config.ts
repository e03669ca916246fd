// Every constant the extractor uses, in one place. Patterns here are linear-time: bounded quantifiers only,
// no nested quantifiers over overlapping classes.

/** Version of the extraction rules; bump when extracted facts can change for the same input. */
export const FACT_EXTRACTOR_VERSION = '0.5.0';

/** Tool names whose results carry facts. Other names contribute nothing. */
export const FACT_TOOLS = {
  poi: ['poi_search', 'around_search'],
  direction: 'direction',
  weather: 'weather',
  flights: 'search_flights',
  trains: 'search_train_tickets',
} as const;

/**
 * Field keys in tool results that hold administrative names (province, city, district). Their values are
 * never POIs.
 */
export const ADMIN_NAME_FIELDS: readonly string[] = [
  'pname',
  'cityname',
  'adname',
  'province',
  'city',
  'district',
  'business_area',
  '省份',
  '城市',
  '区县',
  '行政区',
];

/** Field keys whose value is a POI name in tool results and answers. */
export const POI_NAME_KEYS = ['名称', 'name', 'poi_name', '名字'] as const;

/** Extra labels that introduce a place name in an answer (`景点：西湖`). */
export const ANSWER_POI_LABELS = [
  '景点',
  '地点',
  '餐厅',
  '酒店',
  '住宿',
  '目的地',
  '推荐餐厅',
  '推荐酒店',
] as const;

/** JSON keys whose string value is a place name in a JSON answer. */
export const ANSWER_POI_JSON_KEYS = [
  'name',
  'location',
  'place',
  'poi',
  'restaurant',
  'hotel',
  'attraction',
] as const;

/** Minimum and maximum POI name length, in code points. */
export const POI_NAME_LENGTH = { min: 2, max: 40 } as const;

/** Half-match rule: whole name at least this long, each usable half at least `minHalf` code points. */
export const POI_HALF_MATCH = { minName: 6, minHalf: 3, minDistinctive: 2 } as const;

/**
 * Generic place words. A POI half made only of these (e.g. 国际机场, 博物馆) is not evidence of the POI, and
 * a bare generic word is never a POI name.
 */
export const GENERIC_PLACE_WORDS: readonly string[] = [
  '风景名胜区',
  '青年旅舍',
  '购物中心',
  '国际机场',
  '国际酒店',
  '有限公司',
  '湿地公园',
  '森林公园',
  '主题公园',
  '遗址公园',
  '国家公园',
  '风景区',
  '名胜区',
  '旅游区',
  '度假区',
  '博物馆',
  '博物院',
  '美术馆',
  '纪念馆',
  '科技馆',
  '图书馆',
  '体育馆',
  '展览馆',
  '海洋馆',
  '水族馆',
  '大酒店',
  '大饭店',
  '火车站',
  '高铁站',
  '汽车站',
  '地铁站',
  '客运站',
  '步行街',
  '小吃街',
  '美食街',
  '商业街',
  '文化街',
  '美食城',
  '动物园',
  '植物园',
  '游乐园',
  '旗舰店',
  '火锅店',
  '咖啡馆',
  '服务区',
  '停车场',
  '旅行社',
  '公园',
  '餐厅',
  '酒店',
  '景区',
  '饭店',
  '宾馆',
  '酒家',
  '商场',
  '广场',
  '中心',
  '大厦',
  '机场',
  '夜市',
  '古镇',
  '老街',
  '寺庙',
  '景点',
  '总店',
  '分店',
  '火锅',
  '小吃',
  '茶馆',
  '咖啡',
  '民宿',
  '客栈',
  '大学',
  '学院',
  '医院',
  '公司',
  '集团',
  '国际',
  '东门',
  '西门',
  '南门',
  '北门',
  '正门',
  '店',
  '馆',
  '寺',
  '庙',
  '站',
];

/** Suffixes that make a CJK run look like a place name (plan locations and answer POIs). Longest first. */
export const PLACE_SUFFIXES: readonly string[] = [
  '风景名胜区',
  '风景区',
  '博物馆',
  '博物院',
  '纪念馆',
  '美术馆',
  '科技馆',
  '历史文化街区',
  '步行街',
  '夜市',
  '古城',
  '景区',
  '公园',
  '故宫',
  '广场',
  '古镇',
  '老街',
  '遗址',
  '大学',
  '机场',
  '酒店',
  '餐厅',
  '商场',
  '中心',
  '寺',
  '庙',
  '塔',
  '大厦',
  '山',
  '湖',
  '海',
  '街',
  '路',
  '站',
];

/** Road suffixes. Longest first so 快速路 wins over 路. */
export const ROAD_SUFFIXES: readonly string[] = [
  '快速路',
  '大道',
  '高速',
  '环路',
  '立交',
  '路',
  '街',
  '桥',
];

/** Longest run of CJK characters kept before a place or road suffix. */
export const MAX_NAME_PREFIX = 10;

/**
 * Words that end the prefix of a place or road name when scanning backwards from its suffix: verbs and
 * connectors such as 沿, 进入, 前往. Longest first.
 */
export const NAME_CUT_MARKERS: readonly string[] = [
  '右转进入',
  '左转进入',
  '直行进入',
  '沿着',
  '进入',
  '驶入',
  '转入',
  '右转',
  '左转',
  '直行',
  '行驶',
  '经过',
  '途经',
  '穿过',
  '继续',
  '前往',
  '到达',
  '抵达',
  '来到',
  '参观',
  '游览',
  '打卡',
  '入住',
  '推荐',
  '漫步',
  '步行',
  '返回',
  '附近',
  '距离',
  '因为',
  '然后',
  '之后',
  '以后',
  '上午',
  '下午',
  '中午',
  '晚上',
  '傍晚',
  '早上',
  '公里',
  '沿',
  '经',
  '向',
  '往',
  '去',
  '逛',
  '登',
  '游',
  '从',
  '由',
  '在',
  '到',
  '至',
  '和',
  '与',
  '及',
  '或',
  '米',
  '的',
  '是',
  '先',
  '再',
  '后',
];

/** Weather condition words, longest alternatives first (leftmost wins per position). */
export const WEATHER_WORDS: readonly string[] = [
  '雷阵雨',
  '特大暴雨',
  '大暴雨',
  '晴间多云',
  '阵雨',
  '小雨',
  '中雨',
  '大雨',
  '暴雨',
  '冻雨',
  '雨夹雪',
  '阵雪',
  '小雪',
  '中雪',
  '大雪',
  '暴雪',
  '多云',
  '少云',
  '沙尘暴',
  '浮尘',
  '扬沙',
  '晴',
  '阴',
  '雪',
  '雾',
  '霾',
];

/**
 * Keywords that put an answer line in weather context. Only weather-specific words: generic advice words
 * (建议, 注意) would let place names such as 断桥残雪 pass as weather.
 */
export const WEATHER_CONTEXT_KEYWORDS: readonly string[] = [
  '天气',
  '气温',
  '温度',
  '气候',
  '预报',
  '穿衣',
  '降雨',
  '降水',
  '下雨',
  '雨具',
  '雨伞',
  '带伞',
  '防晒',
  '风力',
  '风向',
  '℃',
  '°C',
  'weather',
];

/** Lines of a weather section (heading with a weather keyword) kept after the heading. */
export const WEATHER_SECTION_MAX_LINES = 15;

/** Keywords that put an answer time in transport context when they occur shortly before it. */
export const TRANSPORT_TIME_KEYWORDS: readonly string[] = [
  '航班',
  '飞机',
  '机票',
  '高铁',
  '火车',
  '动车',
  '列车',
  '车次',
  '起飞',
  '降落',
  '登机',
  '出发',
  '到达',
  '抵达',
  '发车',
  '开车',
  '始发',
  'departure',
  'arrival',
  'dep_time',
  'arr_time',
  'depart',
  'arrive',
  'flight',
  'train',
];

/** How far before a time (code points, same line) a transport keyword or id puts it in context. */
export const TRANSPORT_TIME_WINDOW = 40;

/** Words right after a time that make it a departure. */
export const DEPARTURE_WORDS: readonly string[] = ['出发', '起飞', '发车', '开车', '始发', '离开'];
/** Words right after a time that make it an arrival. */
export const ARRIVAL_WORDS: readonly string[] = ['到达', '抵达', '降落', '到站', '落地', '到'];
/** Labels before a time that make it a departure (`出发时间：08:00`, `"departure_time": "08:00"`). */
export const DEPARTURE_LABELS: readonly string[] = [
  '出发',
  '起飞',
  '发车',
  '开车',
  '始发',
  'departure',
  'depart',
  'dep_time',
  'dep',
];
/** Labels before a time that make it an arrival. */
export const ARRIVAL_LABELS: readonly string[] = [
  '到达',
  '抵达',
  '降落',
  '到站',
  'arrival',
  'arrive',
  'arr_time',
  'arr',
];

/** Longest transport-claim context after an id in an answer, in code points. */
export const ANSWER_CLAIM_WINDOW = 80;
/** Longest transport-claim context after an id in a tool record, in code points. */
export const TOOL_CLAIM_WINDOW = 200;

/**
 * Two-character codes of the mainland Chinese airlines a plan may name (those the mock transport flies, then
 * other domestic carriers). A code in lower case or with look-alike letters, split from its digits
 * (`ca 1594`, `Mu-5138`), is read as a flight only when it is one of these: English words before a number
 * (`in 2026`) look the same.
 */
export const AIRLINE_CODES: readonly string[] = [
  'CA',
  'MU',
  'CZ',
  'HU',
  '3U',
  'HO',
  'ZH',
  'MF',
  'FM',
  'GS',
  'SC',
  'KN',
  'JD',
  'EU',
  'TV',
  '9C',
  'G5',
  '8L',
  'PN',
  'KY',
  'DZ',
  'NS',
  'QW',
  'GJ',
  'BK',
  'A6',
];

/** Text after a train-like id that shows it is not a train (T3航站楼, G1高速, K1路). */
export const TRAIN_ID_NOT_FOLLOWED_BY: readonly string[] = [
  '航站楼',
  '航站',
  '号航站楼',
  '楼',
  '号线',
  '线',
  '高速',
  '国道',
  '公路',
  '路',
  '出口',
  '入口',
  '口',
  '栋',
  '座',
  '层',
  '号',
  '区',
  '门',
  '馆',
  '厅',
  '级',
  '型',
];

/** Answer prices accepted as standalone facts (CNY). */
export const ANSWER_PRICE_RANGE = { min: 10, max: 50_000 } as const;
/** Tool prices accepted as facts (CNY); 0 means free and is not a price fact. */
export const TOOL_PRICE_RANGE = { min: 1, max: 100_000 } as const;

/** Keywords whose following number is a price in tool results (no 元 needed). */
export const TOOL_PRICE_KEYS: readonly string[] = [
  '价格',
  '票价',
  '门票',
  '人均',
  '费用',
  '消费',
  'taxi_cost',
  'cost',
  'price',
];

/** Tool distance facts below this many metres are micro-segments and dropped. */
export const MIN_TOOL_DISTANCE_METRES = 100;

/** Keywords before a duration (`耗时: 35分钟`, `约15分钟`). */
export const DURATION_KEYWORDS: readonly string[] = [
  '时间',
  '耗时',
  '用时',
  '需要',
  '大约',
  '预计',
  '车程',
  '历时',
  '全程',
  '时长',
  '约',
  '需',
];

/** Distance before a wind level (`东北风3级`, `风力: 3级`) within which 风 must occur, in code points. */
export const WIND_LEVEL_WINDOW = 8;

/** Characters after `[东南西北]风` that show it is not wind (西北风味, 东南风情). */
export const WIND_NOT_FOLLOWED_BY = '味格情光景采俗貌尚范气云韵水筝';

/** Budget categories and their keywords, in the order they are tried. */
export const BUDGET_CATEGORIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['交通', ['交通', '机票', '火车票', '高铁票', '车费', '往返']],
  ['住宿', ['住宿', '酒店', '房费', '民宿']],
  ['餐饮', ['餐饮', '吃饭', '用餐', '美食']],
  ['门票', ['门票', '景点']],
  ['其他', ['其他', '杂费', '购物']],
];

/** Keywords of a stated total budget. */
export const BUDGET_TOTAL_KEYWORDS: readonly string[] = [
  '总预算',
  '总费用',
  '总花费',
  '总计',
  '合计',
  '总共',
  '共计',
];

/** Line labels that start a tip. */
export const TIP_LABELS: readonly string[] = [
  '小贴士',
  '温馨提示',
  '注意事项',
  '贴士',
  '提示',
  'tips',
  'tip',
];

/** Answers shorter than this (trimmed, code points) are not parsed as plans. */
export const MIN_PLAN_LENGTH = 50;

/** Upper bound on JSON candidates tried by the plan parser. */
export const MAX_JSON_CANDIDATES = 5;
