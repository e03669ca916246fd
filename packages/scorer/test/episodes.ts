// Hand-written episodes in the tools' text formats: one well-grounded plan per problem type, plus variants
// in which exactly one hard constraint fails.
import type { ToolTraceEntry } from '@navworld/core-types';
import { call, makeProblem, poiText, routeText, weatherText } from './helpers';
import type { Example } from './reference-examples';

/** Any scorable episode. */
export type ExampleLike = Example;

const sunny = (city: string) =>
  weatherText(city, [
    {
      date: '2025-03-01',
      day: '晴',
      night: '多云',
      high: 18,
      low: 9,
      wind: '东南风',
      power: '3级',
    },
    { date: '2025-03-02', day: '多云', night: '阴', high: 16, low: 8, wind: '东风', power: '2级' },
  ]);

const TRAINS_SH_HZ =
  '车次 G7311（高铁），二等座价格73元，08:05从上海虹桥站出发，08:55到达杭州东站，全程约50分钟\n' +
  '车次 G7501（高铁），二等座价格78元，09:20从上海虹桥站出发，10:18到达杭州东站，全程约58分钟\n' +
  '车次 D3125（动车），二等座价格56元，10:02从上海站出发，11:28到达杭州站，全程约1小时26分';

const FLIGHTS_BJ_SH =
  '航班 CA1831（中国国际航空），价格980元，08:00从北京首都国际机场出发，10:20到达上海虹桥国际机场，飞行时长2小时20分，经济舱\n' +
  '航班 MU5138（中国东方航空），价格860元，09:00从北京大兴国际机场出发，11:15到达上海浦东国际机场，飞行时长2小时15分，经济舱';

const TRAINS_BJ_SH =
  '车次 G1（高铁），二等座价格662元，07:00从北京南站出发，11:29到达上海虹桥站，全程约4小时29分\n' +
  '车次 G11（高铁），二等座价格626元，08:00从北京南站出发，12:48到达上海虹桥站，全程约4小时48分';

const HZ_POIS = poiText([
  { name: '西湖风景名胜区', address: '龙井路1号', price: ['门票', 0] },
  { name: '灵隐寺', address: '法云弄1号', price: ['门票', 75] },
  { name: '楼外楼', address: '孤山路30号', price: ['人均', 150] },
]);

/** intercity, short haul (trains only): the flight dimension's points move to trains. */
export const intercityShort: Example = {
  problem: makeProblem('intercity', {
    originCity: '上海',
    destinationCity: '杭州',
    distanceCategory: 'short',
    requiredTools: ['poi_search', 'direction', 'weather', 'search_train_tickets'],
  }),
  trace: [
    call(
      'search_train_tickets',
      { date: '2025-03-01', from_city: '上海', to_city: '杭州' },
      TRAINS_SH_HZ,
    ),
    call('poi_search', { address: '杭州景点', region: '杭州' }, HZ_POIS),
    call('weather', { city: '杭州' }, sunny('杭州')),
    call(
      'direction',
      { origin: '120.21,30.29', destination: '120.15,30.25' },
      routeText('8.5公里', '25分钟', ['环城东路', '庆春路'], 32),
    ),
  ],
  answer:
    '上海到杭州一日出行方案\n' +
    '推荐高铁 G7311，二等座价格73元，08:05从上海虹桥站出发，08:55到达杭州东站，全程约50分钟，因为时间最早、到达后可以充分游览。\n' +
    '备选车次 G7501，价格78元，09:20出发，10:18到达杭州东站，适合想多睡一会儿的旅客。\n' +
    '到达后建议从杭州东站打车前往西湖风景名胜区，距离约8.5公里，耗时25分钟，打车费用约32元。\n' +
    '推荐下午游览灵隐寺（门票75元），晚餐推荐楼外楼，人均150元。\n' +
    '天气：当天晴，气温18度，东南风3级，适合出行，建议携带薄外套。\n' +
    '费用：高铁73元，打车32元，门票75元，餐饮150元，合计约330元。',
};

const SH_POIS = poiText([
  { name: '上海博物馆', address: '人民大道201号', price: ['门票', 0] },
  { name: '豫园', address: '安仁街218号', price: ['门票', 40] },
  { name: '上海科技馆', address: '世纪大道2000号', price: ['门票', 45] },
  { name: '南翔馒头店', address: '豫园路85号', price: ['人均', 60] },
]);
const SH_AROUND = poiText([
  { name: '和平饭店', address: '南京东路20号', price: ['房价', 900] },
  { name: '老正兴菜馆', address: '福州路556号', price: ['人均', 120] },
]);

function shTrace(): ToolTraceEntry[] {
  return [
    call('poi_search', { address: '上海景点', region: '上海' }, SH_POIS),
    call('around_search', { location: '121.47,31.23', keywords: '酒店 餐厅' }, SH_AROUND),
    call(
      'direction',
      { origin: '121.47,31.23', destination: '121.49,31.22' },
      routeText('2.6公里', '12分钟', ['人民路', '河南南路'], 15),
    ),
    call('weather', { city: '上海' }, sunny('上海')),
  ];
}

const MULTIDAY_ANSWER =
  '上海两日游行程\n' +
  '第1天：上午参观上海博物馆（门票免费），因为馆藏丰富建议预留3小时；中午在南翔馒头店用餐，人均60元。下午游览豫园，门票40元，从上海博物馆打车过去距离约2.6公里，耗时12分钟，沿人民路行驶。\n' +
  '第2天：上午参观上海科技馆，门票45元，适合对科技感兴趣的游客；晚餐推荐老正兴菜馆，人均120元。\n' +
  '住宿：推荐和平饭店，房价900元/晚，位置方便，考虑到交通便利优先选择外滩附近。\n' +
  '交通：市内出行以地铁和打车为主。\n' +
  '天气：3月1日晴，气温18度，东南风3级；3月2日多云，建议携带外套。\n' +
  '预算：门票85元，餐饮180元，住宿900元，交通约60元，总计约1225元。';

/** multiday, two days, every dimension grounded. */
export const multidayGood: Example = {
  problem: makeProblem('multiday', { numDays: 2 }),
  trace: shTrace(),
  answer: MULTIDAY_ANSWER,
};

/** multiday variant where only format_valid fails: no day markers. */
export const multidayNoDays: Example = {
  problem: makeProblem('multiday', { numDays: 2 }),
  trace: shTrace(),
  answer: MULTIDAY_ANSWER.replace('第1天：', '首日安排：').replace('第2天：', '次日安排：'),
};

/** family_study, two days. */
export const familyGood: Example = {
  problem: makeProblem('family_study', { numDays: 2 }),
  trace: shTrace(),
  answer:
    '上海亲子学习两日游\n' +
    '第1天：上午带孩子参观上海科技馆，门票45元，互动展区适合儿童动手体验，因为内容丰富建议停留半天；中午在南翔馒头店用餐，人均60元。\n' +
    '下午前往上海博物馆学习青铜器知识，从科技馆打车距离约2.6公里，耗时12分钟。\n' +
    '第2天：上午游览豫园，门票40元，体力消耗不大，适合亲子休息；晚餐推荐老正兴菜馆，人均120元，家庭聚餐方便。\n' +
    '住宿：和平饭店，房价900元/晚，适合家庭入住。\n' +
    '天气：3月1日晴，气温18度，东南风3级，建议给孩子带外套。\n' +
    '预算：门票85元，餐饮180元，住宿900元，合计约1165元。',
};

/** family_study variant where only tool_info_used fails: two POIs named, nothing else cited. */
export const familyThin: Example = {
  problem: makeProblem('family_study', { numDays: 2 }),
  trace: shTrace(),
  answer:
    '上海亲子游建议\n' +
    '第一天带孩子去上海科技馆，里面有很多适合儿童的互动体验项目，可以边玩边学习，让孩子对科学产生兴趣。\n' +
    '第二天去豫园逛一逛，感受传统园林文化，顺便品尝当地小吃，体验老上海的风土人情。\n' +
    '整体行程节奏轻松，适合亲子家庭，建议根据孩子的体力灵活调整，注意劳逸结合，出门记得带水和零食。\n' +
    '如果遇到周末人多，可以错峰出行，提前在网上查好开放安排，给孩子准备一些小问题，让参观更有收获，祝旅途愉快，玩得开心。',
};

/** single_poi around 豫园, all tools used. */
export const singlePoiGood: Example = {
  problem: makeProblem('single_poi', { targetPoi: '豫园' }),
  trace: shTrace(),
  answer:
    '豫园一日深度游\n' +
    '游览安排：上午9:00入园，豫园门票40元，建议提前在官网预约，游览时间约2小时，路线为三穗堂→仰山堂→点春堂→玉华堂。\n' +
    '周边推荐：中午在附近的南翔馒头店吃小笼包，人均60元；下午可去上海博物馆（门票免费），因为距离不远可以顺路参观。\n' +
    '交通：从人民广场打车到豫园距离约2.6公里，耗时12分钟，沿人民路行驶。\n' +
    '天气：当天晴，气温18度，东南风3级，注意防晒。\n' +
    '预算：门票40元，餐饮60元，交通15元，合计约115元。',
};

/** single_poi variant where only poi_names_verified fails: one tool POI named. */
export const singlePoiOnePoi: Example = {
  problem: makeProblem('single_poi', { targetPoi: '豫园' }),
  trace: shTrace(),
  answer:
    '豫园一日深度游\n' +
    '游览安排：上午9:00入园，豫园门票40元，建议提前在官网预约，游览时间约2小时，路线为三穗堂→仰山堂→点春堂→玉华堂。\n' +
    '周边推荐：中午在附近的老城隍庙小吃广场吃小笼包，人均60元；下午可去城隍庙逛逛，因为距离不远可以顺路参观。\n' +
    '交通：从人民广场打车到豫园距离约2.6公里，耗时12分钟，沿人民路行驶。\n' +
    '天气：当天晴，气温18度，东南风3级，注意防晒。\n' +
    '预算：门票40元，餐饮60元，交通15元，合计约115元。',
};

/** food_tour variant where only tool_quality fails: two of five calls lack their arguments. */
export const foodBadCalls: Example = {
  problem: makeProblem('food_tour', { numDays: 1 }),
  trace: [
    call('poi_search', { address: '上海美食', region: '上海' }, SH_POIS),
    call('weather', { city: '上海' }, sunny('上海')),
    call('direction', {}, 'MISSING_ARGUMENT: 缺少参数 origin', false),
    call('around_search', {}, 'MISSING_ARGUMENT: 缺少参数 location', false),
    call('around_search', { keywords: '小吃' }, 'MISSING_ARGUMENT: 缺少参数 location', false),
  ],
  answer:
    '上海一日美食之旅\n' +
    '上午先去豫园逛逛，门票40元，然后在南翔馒头店品尝招牌小笼包，人均60元，因为是百年老店建议早点去排队。\n' +
    '下午参观上海博物馆（免费），傍晚推荐到上海科技馆附近散步消食。\n' +
    '美食路线顺序：豫园→南翔馒头店→上海博物馆，先吃后逛，步行即可。\n' +
    '天气：当天晴，气温18度，东南风3级，适合出行，建议携带水杯。\n' +
    '花费：餐饮人均60元，门票40元，合计约100元。\n' +
    '小贴士：周末排队人多，建议错峰前往，老店一般不接受预约，早点到可以少等一会儿。',
};

/** hybrid: Beijing → Shanghai, two days, all six tools. */
export const hybridGood: Example = {
  problem: makeProblem('hybrid', { numDays: 2 }),
  trace: [
    call(
      'search_flights',
      { date: '2025-03-01', from_city: '北京', to_city: '上海' },
      FLIGHTS_BJ_SH,
    ),
    call(
      'search_train_tickets',
      { date: '2025-03-01', from_city: '北京', to_city: '上海' },
      TRAINS_BJ_SH,
    ),
    ...shTrace(),
  ],
  answer:
    '北京—上海两日综合行程\n' +
    '交通：推荐高铁 G1，二等座价格662元，07:00从北京南站出发，11:29到达上海虹桥站；相比航班 MU5138（价格860元）更便宜，因为市区到站更方便。\n' +
    '第1天：下午游览豫园，门票40元，晚餐在南翔馒头店吃小笼包，人均60元；从豫园打车去人民广场距离约2.6公里，耗时12分钟。\n' +
    '第2天：上午参观上海博物馆，免费；午餐推荐老正兴菜馆，人均120元；下午去上海科技馆，门票45元，适合喜欢科技的游客。\n' +
    '住宿：和平饭店，房价900元/晚。\n' +
    '天气：3月1日晴，气温18度，东南风3级，建议穿薄外套。\n' +
    '预算：高铁662元，门票85元，餐饮180元，住宿900元，总计约1827元。',
};

/** hybrid variant with an invented flight (transport_grounded fails alone). */
export const hybridFakeFlight: Example = {
  ...hybridGood,
  answer: hybridGood.answer.replace('相比航班 MU5138（价格860元）', '相比航班 MU9999（价格860元）'),
};

/** business: Beijing → Shanghai, two days. */
export const businessGood: Example = {
  problem: makeProblem('business', { numDays: 2, groupType: 'business' }),
  trace: [
    call(
      'search_flights',
      { date: '2025-03-01', from_city: '北京', to_city: '上海' },
      FLIGHTS_BJ_SH,
    ),
    call(
      'search_train_tickets',
      { date: '2025-03-01', from_city: '北京', to_city: '上海' },
      TRAINS_BJ_SH,
    ),
    call(
      'poi_search',
      { address: '上海商务酒店', region: '上海' },
      poiText([
        { name: '上海国际会议中心', address: '滨江大道2727号' },
        { name: '浦东香格里拉大酒店', address: '富城路33号', price: ['房价', 1200] },
        { name: '陆家嘴商务中心', address: '银城中路501号' },
        { name: '南翔馒头店', address: '豫园路85号', price: ['人均', 60] },
      ]),
    ),
    call('weather', { city: '上海' }, sunny('上海')),
    call(
      'direction',
      { origin: '121.50,31.24', destination: '121.51,31.23' },
      routeText('1.8公里', '8分钟', ['富城路', '滨江大道'], 14),
    ),
  ],
  answer:
    '北京—上海两日商务出行方案\n' +
    '交通：推荐航班 MU5138，价格860元，09:00从北京大兴国际机场出发，11:15到达上海浦东国际机场；备选高铁 G1，二等座价格662元，07:00出发，11:29到达上海虹桥站，因为会议在下午，两者都来得及。\n' +
    '住宿：推荐浦东香格里拉大酒店，房价1200元/晚，距离上海国际会议中心约1.8公里，打车8分钟，商务配套完善。\n' +
    '餐饮：工作餐推荐南翔馒头店，人均60元；商务宴请可在酒店餐厅安排。\n' +
    '会议：会议地点上海国际会议中心，附近的陆家嘴商务中心提供会议室租用。\n' +
    '天气：晴，气温18度，东南风3级，建议携带正装外套。\n' +
    '费用预算：机票860元，住宿2400元，餐饮300元，市内交通100元，差旅合计约3660元。',
};

/** business variant priced wrong on the flight (860 → 1200): prices 1/2 verified. */
export const businessWrongPrice: Example = {
  ...businessGood,
  answer: businessGood.answer.replace('推荐航班 MU5138，价格860元', '推荐航班 MU5138，价格1200元'),
};
