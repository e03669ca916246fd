// The five worked examples of the reference notes, as inputs in our trace format (results that the reference
// would see as errors are `ok: false` here).
import type { ToolTraceEntry, TravelProblem } from '@navworld/core-types';
import { call, makeProblem } from './helpers';

/** One worked example. */
export interface Example {
  problem: TravelProblem;
  trace: ToolTraceEntry[];
  answer: string;
}

export const ex1: Example = {
  problem: makeProblem('food_tour', { numDays: 2, destinationCity: '成都' }),
  answer:
    '成都两日美食之旅推荐\n第1天路线：上午先去陈麻婆豆腐品尝招牌麻婆豆腐，人均60元。因为距离宽窄巷子小吃街约2.5公里，建议步行前往，耗时35分钟，沿青华路一路逛吃。\n晚上去龙抄手总店，人均35元。\n第2天：上午在钟水饺吃早餐，人均25元，然后逛奎星楼街夜市。\n天气：第一天多云，气温18度，东北风3级；第二天小雨，注意携带雨具。\n费用预算：餐饮合计约120元/人。\n小贴士：热门店铺排队人多，建议错峰前往。',
  trace: [
    call(
      'poi_search',
      { address: '成都美食', region: '成都' },
      '名称: 陈麻婆豆腐\n地址: 青华路10号\ncost: 60\n名称: 龙抄手总店\n地址: 春熙路\ncost: 35\n名称: 钟水饺\n地址: 提督街\ncost: 25',
    ),
    call(
      'weather',
      { city: '成都' },
      '日期: 2025-03-01 天气: 多云 气温: 18 风向: 东北风 风力: 3级\n日期: 2025-03-02 天气: 小雨 气温: 15',
    ),
    call(
      'direction',
      { origin: '104.04,30.67', destination: '104.08,30.65', mode: 'walking' },
      '距离: 2.5公里\n耗时: 35分钟\n道路: 青华路\n步行80米后\n道路: 人民南路\n行走1200米',
    ),
    call(
      'around_search',
      { location: '104.04,30.67', radius: 1000, keyword: '小吃' },
      '名称: 宽窄巷子小吃街\n门票: 0\n名称: 奎星楼街夜市',
    ),
  ],
};

export const ex2: Example = {
  problem: makeProblem('intercity', { originCity: '北京', destinationCity: '上海' }),
  answer:
    '北京到上海出行方案\n推荐航班 CA1501，价格850元，08:00起飞，10:15抵达虹桥，适合上午到达。\n备选 MU5102 航班约700元。\n备选高铁 G5，票价598元，07:00出发，11:40到达上海虹桥站，相比航班更准点。\n另有车次 G999，价格500元，适合预算有限的旅客。\n到达后建议先游览外滩，再登上海中心大厦观景。\n天气：晴，气温16度，西北风2级，建议携带外套。\n费用：交通850元，市内交通50元，合计约900元。',
  trace: [
    call(
      'search_flights',
      { date: '2025-03-01', from_city: '北京', to_city: '上海' },
      '{"type": "text", "text": "[\\"航班 CA1501，价格850元，08:00从首都国际机场出发，10:15到达虹桥国际机场，飞行时长2小时15分\\", \\"航班 MU5102，价格920元，09:30从大兴国际机场出发，11:40到达浦东国际机场，飞行时长2小时10分\\"]"}',
    ),
    call(
      'search_train_tickets',
      { date: '2025-03-01', from_city: '北京', to_city: '上海' },
      '["直达车次 G101，价格553元，06:36从北京南站出发，12:40到达上海虹桥站，全程约6小时4分。", "直达车次 G5，价格598元，07:00从北京南站出发，11:40到达上海虹桥站，全程约4小时40分。"]',
    ),
    call(
      'poi_search',
      { address: '外滩', region: '上海' },
      '名称: 外滩\n地址: 中山东一路\n名称: 上海中心大厦\n地址: 陆家嘴银城中路501号',
    ),
    call('weather', { city: '上海' }, '上海: 晴, 最高温: 16, 最低温: 8, 西北风 2级'),
  ],
};

const ex3Answer =
  '故宫一日游攻略\n上午8:30从午门进入故宫博物院，门票60元，建议提前在官网预约。\n游览路线：午门→太和殿→乾清宫→御花园，全程步行约15分钟可到神武门，下午参观珍宝馆，门票10元。\n周边：从神武门出来距离约1公里就是景山公园，打车约10分钟可到王府井小吃街。\n天气：多云，气温5度，北风3级，注意保暖。\n预算：门票70元，餐饮100元，合计约170元。\n小贴士：周一闭馆，建议穿舒适的鞋子并携带充电宝，拍照请避开中午人流高峰。';

const ex3Trace = (): ToolTraceEntry[] => [
  call(
    'poi_search',
    { address: '故宫博物院', region: '北京' },
    '名称: 故宫博物院\n门票: 60\n名称: 午门\n名称: 神武门\n名称: 珍宝馆\n门票: 10',
  ),
  call('weather', { city: '北京' }, '北京: 晴, 气温: 5, 北风 3级'),
  call('poi_search', { address: '' }, 'error: invalid params', false),
];

export const ex3: Example = {
  problem: makeProblem('single_poi', { destinationCity: '北京' }),
  answer: ex3Answer,
  trace: ex3Trace(),
};

export const ex3Short: Example = {
  problem: makeProblem('single_poi', { destinationCity: '北京' }),
  answer: ex3Answer.slice(0, ex3Answer.lastIndexOf('\n')),
  trace: ex3Trace(),
};

export const ex4: Example = {
  problem: makeProblem('multiday', { numDays: 3, destinationCity: '杭州' }),
  answer:
    '杭州三日游行程\n第1天：上午游览西湖，沿苏堤步行，下午参观浙江省博物馆，晚上在河坊街品尝小吃。\n第2天：上午前往灵隐寺，下午游览龙井村品茶，晚餐推荐楼外楼的西湖醋鱼。\n第3天：上午参观中国丝绸博物馆，下午在湖滨商圈购物后返程。\n住宿建议选择西湖附近的酒店，交通以地铁和公交为主，出行方便。\n预算：住宿每晚400元，餐饮每天150元，门票约100元，合计约1750元。\n注意：周末游客较多，建议提前预约热门景点。',
  trace: [
    call(
      'poi_search',
      { address: '杭州景点', region: '杭州' },
      'Found 3 results near West Lake; details unavailable in this summary view for the requested region.',
    ),
    call(
      'direction',
      { origin: '120.15,30.28', destination: '120.16,30.25' },
      'API response error: INVALID_PARAMS',
      false,
    ),
    call('weather', { city: '杭州' }, '无法获取天气', false),
    call('around_search', { location: '' }, '', false),
  ],
};

export const ex4b: Example = {
  problem: makeProblem('family_study', { numDays: 2, destinationCity: '北京' }),
  answer: '北京亲子游：第1天参观中国科技馆，第2天去北京动物园，孩子一定会喜欢。',
  trace: [],
};

export const ex5: Example = {
  problem: makeProblem('food_tour', { numDays: 2, destinationCity: '成都' }),
  answer:
    '成都美食两日游\n第一天：中午去老码头火锅，体验正宗麻辣锅底，人均45元左右。\n下午逛锦里古街，尝尝三大炮和糖油果子等传统小吃。\n第二天：早上吃一碗甜水面，再去建设巷吃烤脑花和冒菜。\n路线安排上以地铁为主，各店之间打车也很方便。\n天气：这两天有小雨，出门记得带伞。\n小贴士：热门店排队时间长，建议避开饭点，部分老店只收现金。\n预算：两天餐饮合计约300元，交通费用另计，整体花费适中，适合喜欢重口味的朋友。',
  trace: [
    call(
      'poi_search',
      { address: '成都美食', region: '成都' },
      '名称: 蜀大侠火锅春熙路店\ncost: 45\n名称: 小龙坎火锅总府路店\ncost: 30\n名称: 马旺子川菜馆\ncost: 60\n名称: 玉林串串香\ncost: 88\n名称: 贺记蛋烘糕\ncost: 25\n名称: 大龙燚火锅\ncost: 120\n名称: 洞子口张老二凉粉\n名称: 甘记肥肠粉\n名称: 谭豆花\n名称: 严太婆锅盔',
    ),
    call('weather', { city: '成都' }, '成都: 晴, 气温: 20, 南风 2级'),
    call(
      'direction',
      { origin: '104.07,30.66', destination: '104.05,30.64' },
      '距离: 3.2公里\n耗时: 40分钟',
    ),
    call(
      'around_search',
      { location: '104.07,30.66', keyword: '小吃' },
      '名称: 宽窄巷子\n名称: 文殊院',
    ),
  ],
};
