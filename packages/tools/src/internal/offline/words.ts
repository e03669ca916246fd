// Word tables of the offline world. Names are assembled from these so they read like real shop signs.

/** One-character province abbreviations, used as the first syllable of local brand names. */
export const PROVINCE_CHAR: Readonly<Record<string, string>> = {
  北京市: '京',
  天津市: '津',
  上海市: '沪',
  重庆市: '渝',
  河北省: '燕',
  山西省: '晋',
  辽宁省: '辽',
  吉林省: '吉',
  黑龙江省: '龙',
  江苏省: '苏',
  浙江省: '浙',
  安徽省: '徽',
  福建省: '闽',
  江西省: '赣',
  山东省: '鲁',
  河南省: '豫',
  湖北省: '楚',
  湖南省: '湘',
  广东省: '粤',
  海南省: '琼',
  四川省: '蜀',
  贵州省: '黔',
  云南省: '滇',
  陕西省: '秦',
  甘肃省: '陇',
  青海省: '青',
  广西壮族自治区: '桂',
  内蒙古自治区: '蒙',
  宁夏回族自治区: '宁',
  新疆维吾尔自治区: '疆',
  西藏自治区: '藏',
};

/** The regional cuisine of each province: the word on restaurant signs and a few signature dishes. */
export const PROVINCE_CUISINE: Readonly<
  Record<string, { cuisine: string; dishes: readonly string[] }>
> = {
  北京市: { cuisine: '京菜', dishes: ['烤鸭', '涮肉', '炸酱面', '卤煮', '爆肚'] },
  天津市: { cuisine: '津菜', dishes: ['包子', '煎饼果子', '锅巴菜', '耳朵眼炸糕'] },
  上海市: { cuisine: '本帮菜', dishes: ['生煎', '小笼', '红烧肉', '葱油面'] },
  重庆市: { cuisine: '渝菜', dishes: ['小面', '江湖菜', '酸辣粉', '毛血旺'] },
  河北省: { cuisine: '冀菜', dishes: ['驴肉火烧', '饸饹面', '烧饼'] },
  山西省: { cuisine: '晋菜', dishes: ['刀削面', '莜面', '过油肉', '面食'] },
  辽宁省: { cuisine: '东北菜', dishes: ['锅包肉', '烧烤', '海鲜', '铁锅炖'] },
  吉林省: { cuisine: '东北菜', dishes: ['锅包肉', '冷面', '铁锅炖', '烤串'] },
  黑龙江省: { cuisine: '东北菜', dishes: ['锅包肉', '红肠', '铁锅炖', '杀猪菜'] },
  江苏省: { cuisine: '苏帮菜', dishes: ['汤包', '面馆', '鸭血粉丝', '松鼠鳜鱼'] },
  浙江省: { cuisine: '杭帮菜', dishes: ['片儿川', '小笼包', '葱包桧', '海鲜面'] },
  安徽省: { cuisine: '徽菜', dishes: ['臭鳜鱼', '毛豆腐', '烧饼', '牛肉汤'] },
  福建省: { cuisine: '闽菜', dishes: ['沙茶面', '海蛎煎', '鱼丸', '拌面'] },
  江西省: { cuisine: '赣菜', dishes: ['拌粉', '瓦罐汤', '炒粉'] },
  山东省: { cuisine: '鲁菜', dishes: ['把子肉', '海鲜', '煎饼', '甜沫'] },
  河南省: { cuisine: '豫菜', dishes: ['烩面', '胡辣汤', '水席', '灌汤包'] },
  湖北省: { cuisine: '鄂菜', dishes: ['热干面', '豆皮', '小龙虾', '藕汤'] },
  湖南省: { cuisine: '湘菜', dishes: ['米粉', '臭豆腐', '小炒肉', '口味虾'] },
  广东省: { cuisine: '粤菜', dishes: ['烧腊', '肠粉', '砂锅粥', '点心'] },
  海南省: { cuisine: '琼菜', dishes: ['文昌鸡', '清补凉', '海鲜', '粉汤'] },
  四川省: { cuisine: '川菜', dishes: ['火锅', '串串香', '担担面', '钵钵鸡'] },
  贵州省: { cuisine: '黔菜', dishes: ['酸汤鱼', '肠旺面', '丝娃娃', '烙锅'] },
  云南省: { cuisine: '滇菜', dishes: ['过桥米线', '汽锅鸡', '菌子火锅', '饵块'] },
  陕西省: { cuisine: '陕菜', dishes: ['肉夹馍', '羊肉泡馍', 'biangbiang面', '凉皮'] },
  甘肃省: { cuisine: '西北菜', dishes: ['牛肉面', '手抓羊肉', '酿皮', '烤肉'] },
  青海省: { cuisine: '青海菜', dishes: ['手抓羊肉', '酿皮', '牦牛酸奶'] },
  广西壮族自治区: { cuisine: '桂菜', dishes: ['米粉', '老友粉', '啤酒鱼', '螺蛳粉'] },
  内蒙古自治区: { cuisine: '蒙餐', dishes: ['手把肉', '烤羊排', '奶茶', '烧麦'] },
  宁夏回族自治区: { cuisine: '清真菜', dishes: ['手抓羊肉', '羊杂碎', '烩小吃'] },
  新疆维吾尔自治区: { cuisine: '新疆菜', dishes: ['大盘鸡', '烤包子', '抓饭', '烤肉'] },
  西藏自治区: { cuisine: '藏餐', dishes: ['甜茶', '牦牛肉', '糌粑', '藏面'] },
};

/** Second syllables of restaurant brand names. */
export const BRAND_SECOND = [
  '香',
  '味',
  '福',
  '顺',
  '源',
  '丰',
  '悦',
  '盛',
  '隆',
  '和',
  '兴',
  '鼎',
  '满',
  '乐',
  '德',
] as const;
/** First syllables of restaurant brand names (paired with a province character or used alone). */
export const BRAND_FIRST = [
  '老',
  '聚',
  '鸿',
  '金',
  '御',
  '正',
  '新',
  '同',
  '宴',
  '锦',
  '食',
  '俏',
  '蓉',
  '渔',
  '品',
] as const;
/** Shop-sign endings of a restaurant name. */
export const SHOP_ENDINGS = ['阁', '轩', '楼', '居', '坊', '苑', '园', '府', '堂', '记'] as const;
/** Common family names for 「X记」 shops. */
export const SURNAMES = [
  '陈',
  '王',
  '李',
  '张',
  '刘',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
  '马',
  '罗',
] as const;

/** Restaurant formats per food theme: sign pattern pieces, type path, tags, per-person cost range. */
export interface RestaurantFormat {
  /** How the name ends (`{cuisine}` and `{dish}` are filled in). */
  ending: readonly string[];
  /** Category path. */
  type: string;
  /** Search tags. */
  tags: readonly string[];
  /** Per-person cost range, CNY. */
  cost: readonly [number, number];
  /** Opening hours choices. */
  hours: readonly string[];
}

const DINNER_HOURS = ['10:30-21:30', '11:00-22:00', '10:00-21:00', '11:00-14:00,17:00-21:30'];

/** Restaurant formats keyed by food theme (plus `local`, the default local-cuisine restaurant). */
export const RESTAURANT_FORMATS: Readonly<Record<string, RestaurantFormat>> = {
  local: {
    ending: ['{cuisine}馆', '{cuisine}酒楼', '{cuisine}', '家常菜'],
    type: '餐饮服务;中餐厅;{cuisine}',
    tags: ['本地菜', '特色菜', '地方菜'],
    cost: [55, 130],
    hours: DINNER_HOURS,
  },
  地方特色小吃: {
    ending: ['{dish}', '{dish}馆', '{dish}店'],
    type: '餐饮服务;快餐厅;特色小吃',
    tags: ['小吃', '特色小吃', '地方小吃'],
    cost: [18, 45],
    hours: ['07:00-21:00', '06:30-20:30', '08:00-22:00'],
  },
  老字号探访: {
    ending: ['{dish}老店', '老字号{dish}', '{dish}总店'],
    type: '餐饮服务;中餐厅;老字号',
    tags: ['老字号', '百年老店', '特色菜', '小吃'],
    cost: [35, 95],
    hours: ['07:00-20:30', '09:00-21:00', '10:00-21:00'],
  },
  夜市美食: {
    ending: ['烧烤', '大排档', '夜宵', '烤串'],
    type: '餐饮服务;中餐厅;烧烤',
    tags: ['夜市', '夜宵', '烧烤', '小吃'],
    cost: [45, 95],
    hours: ['17:00-02:00', '18:00-03:00', '16:30-01:00'],
  },
  火锅美食: {
    ending: ['火锅', '老火锅', '串串香', '牛肉火锅'],
    type: '餐饮服务;中餐厅;火锅店',
    tags: ['火锅', '串串'],
    cost: [80, 150],
    hours: ['11:00-02:00', '10:30-23:00', '11:00-24:00'],
  },
  早茶文化: {
    ending: ['茶楼', '早茶', '点心', '茶餐厅'],
    type: '餐饮服务;中餐厅;茶餐厅',
    tags: ['早茶', '点心', '茶楼', '粤式'],
    cost: [60, 130],
    hours: ['07:00-15:00,17:00-21:30', '06:30-22:00', '08:00-21:00'],
  },
  海鲜大餐: {
    ending: ['海鲜酒家', '海鲜大排档', '渔港海鲜', '海鲜楼'],
    type: '餐饮服务;中餐厅;海鲜酒楼',
    tags: ['海鲜', '海鲜酒楼'],
    cost: [120, 280],
    hours: ['11:00-14:00,17:00-22:00', '10:30-22:30'],
  },
  米其林餐厅: {
    ending: ['{cuisine}私房菜', '·{cuisine}会馆', '{cuisine}餐厅', '料理'],
    type: '餐饮服务;中餐厅;精品餐厅',
    tags: ['米其林', '高端餐厅', '精致', '私房菜', '黑珍珠'],
    cost: [380, 980],
    hours: ['11:30-14:00,17:30-21:30', '17:30-22:00'],
  },
  素食禅意料理: {
    ending: ['素食', '素斋', '素菜馆', '禅意素食'],
    type: '餐饮服务;中餐厅;素食',
    tags: ['素食', '素斋', '禅意'],
    cost: [70, 180],
    hours: ['10:30-21:00', '11:00-14:00,17:00-21:00'],
  },
  特色饮品甜品: {
    ending: ['甜品', '糖水铺', '茶饮', '甜品站', '冰室'],
    type: '餐饮服务;冷饮店;甜品店',
    tags: ['甜品', '饮品', '奶茶', '糖水'],
    cost: [18, 42],
    hours: ['10:00-22:30', '11:00-23:00', '09:30-22:00'],
  },
  街头小吃: {
    ending: ['{dish}', '{dish}摊', '小吃店', '{dish}铺'],
    type: '餐饮服务;快餐厅;特色小吃',
    tags: ['小吃', '街头小吃'],
    cost: [15, 40],
    hours: ['08:00-22:00', '10:00-23:30', '16:00-24:00'],
  },
  民族风味: {
    ending: ['民族风味餐厅', '土菜馆', '风味餐厅'],
    type: '餐饮服务;中餐厅;特色/地方风味餐厅',
    tags: ['民族风味', '特色菜', '地方菜'],
    cost: [50, 110],
    hours: DINNER_HOURS,
  },
};

/** Hotel brand words. */
export const HOTEL_BRANDS = [
  '锦华',
  '悦来',
  '君庭',
  '维景',
  '云栖',
  '澜庭',
  '熙岸',
  '瑞廷',
  '华庭',
  '隐庐',
  '栖云',
  '星河',
  '金湾',
  '凯丰',
  '嘉和',
  '华美',
  '铂悦',
  '璞宿',
  '雅居',
  '宜程',
] as const;

/** Hotel tiers: name endings, type path, nightly price range, rating range. */
export const HOTEL_TIERS = [
  {
    tier: '经济型',
    endings: ['快捷酒店', '连锁酒店', '商旅酒店'],
    type: '住宿服务;宾馆酒店;经济型连锁酒店',
    price: [150, 280],
    rating: [3.9, 4.5],
  },
  {
    tier: '舒适型',
    endings: ['精选酒店', '城市酒店', '花园酒店'],
    type: '住宿服务;宾馆酒店;三星级宾馆',
    price: [300, 520],
    rating: [4.2, 4.7],
  },
  {
    tier: '高档型',
    endings: ['大酒店', '国际酒店', '酒店'],
    type: '住宿服务;宾馆酒店;四星级宾馆',
    price: [560, 980],
    rating: [4.4, 4.8],
  },
  {
    tier: '豪华型',
    endings: ['国际大酒店', '丽庭酒店', '洲际公馆'],
    type: '住宿服务;宾馆酒店;五星级宾馆',
    price: [1080, 2600],
    rating: [4.6, 4.9],
  },
  {
    tier: '民宿',
    endings: ['民宿', '客栈', '精品民宿'],
    type: '住宿服务;旅馆招待所;民宿',
    price: [220, 680],
    rating: [4.5, 4.9],
  },
] as const;

/** Brand words for parks, culture venues, malls and offices. */
export const PLACE_WORDS = [
  '东湖',
  '青枫',
  '紫荆',
  '翠屏',
  '凤凰',
  '锦绣',
  '银杏',
  '金沙',
  '明珠',
  '滨江',
  '望江',
  '南山',
  '北湖',
  '梧桐',
  '海棠',
] as const;

/** Café and teahouse endings. */
export const LEISURE = [
  { ending: '咖啡', type: '餐饮服务;咖啡厅;咖啡厅', tags: ['咖啡', '咖啡馆'], cost: [32, 58] },
  { ending: '茶馆', type: '餐饮服务;茶艺馆;茶艺馆', tags: ['茶馆', '喝茶'], cost: [45, 120] },
  { ending: '书店', type: '购物服务;专卖店;书店', tags: ['书店', '文艺'], cost: [0, 0] },
] as const;

/** Cities with a metro network (transit routes ride 地铁 there, buses elsewhere). */
export const METRO_CITIES: ReadonlySet<string> = new Set([
  '北京',
  '上海',
  '广州',
  '深圳',
  '杭州',
  '成都',
  '西安',
  '重庆',
  '南京',
  '武汉',
  '长沙',
  '苏州',
  '天津',
  '青岛',
  '厦门',
  '大连',
  '郑州',
  '济南',
  '沈阳',
  '哈尔滨',
  '福州',
  '合肥',
  '南昌',
  '贵阳',
  '南宁',
  '太原',
  '兰州',
  '石家庄',
  '长春',
  '昆明',
  '宁波',
  '无锡',
  '温州',
  '常州',
  '徐州',
  '乌鲁木齐',
  '呼和浩特',
  '洛阳',
]);
