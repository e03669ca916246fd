import { describe, expect, it } from 'vitest';
import { extractAnswerFacts } from '../src/index';
import { fixture, nonEmpty } from './helpers';

describe('extractAnswerFacts — golden answers', () => {
  it('markdown with headings and tables', () => {
    const facts = extractAnswerFacts(fixture('answer-markdown.md'));
    expect(nonEmpty(facts)).toEqual({
      flights: ['CA3821', 'CZ8639'],
      // T3 in 首都机场T3航站楼 is a terminal, not a train.
      trains: ['G1756', 'G907'],
      pois: ['灵隐寺', '西湖景区', '西溪湿地国家公园'],
      weather: ['10度', '12度', '13度', '8度', '多云', '晴'],
      distances: ['1.6公里', '6.3公里'],
      times: ['06:20', '09:55', '11:50', '12:00', '14:00', '15:40', '18:00'],
      prices: ['1200', '128', '165', '2865', '520', '540', '562', '600', '75', '90', '900'],
      wind_info: ['4级', '东北风', '西风'],
      travel_durations: ['14分钟', '19分钟'],
      road_names: ['北山路', '延安路', '文三路'],
      transport: [
        // The price of CA3821 comes from the table's 价格 column.
        { id: 'CA3821', kind: 'flight', price: 540, departure: '15:40', arrival: '18:00' },
        { id: 'CZ8639', kind: 'flight', price: 520, departure: '09:55', arrival: '12:00' },
        { id: 'G1756', kind: 'train', price: 562, departure: '06:20', arrival: '11:50' },
        { id: 'G907', kind: 'train', departure: '14:00' },
      ],
    });
  });

  it('JSON in a fenced block', () => {
    const facts = extractAnswerFacts(fixture('answer-json.md'));
    expect(nonEmpty(facts)).toEqual({
      flights: ['MU2871'],
      trains: ['G7012', 'G7013'],
      pois: ['中山陵', '南京南站', '南京国际博览中心', '夫子庙'],
      weather: ['12度', '18度', '多云'],
      times: ['07:30', '08:05', '08:40', '09:50'],
      prices: ['1170', '139', '550', '680', '80'],
      wind_info: ['2级', '东南风'],
      transport: [
        { id: 'G7012', kind: 'train', price: 139.5, departure: '08:05', arrival: '09:50' },
        { id: 'G7013', kind: 'train' },
        { id: 'MU2871', kind: 'flight', price: 680, departure: '07:30', arrival: '08:40' },
      ],
    });
  });

  it('plain paragraphs: weather words only in weather context (阴天 two lines away is not weather)', () => {
    const facts = extractAnswerFacts(fixture('answer-plain.txt'));
    expect(nonEmpty(facts)).toEqual({
      pois: ['兵马俑博物馆', '大唐不夜城步行街', '大雁塔', '陕西历史博物馆'],
      weather: ['16度', '5度', '多云', '晴'],
      distances: ['13.7公里', '45公里'],
      prices: ['120', '150', '1500', '200', '350', '50'],
      wind_info: ['3级', '4级', '北风'],
      travel_durations: ['1小时10分钟', '2小时'],
      road_names: ['回民街', '雁塔南路'],
    });
  });
});

describe('extractAnswerFacts — rules', () => {
  it('断桥残雪 is not snow, 雪山 is not snow; snowfall in weather context is', () => {
    const text = '上午游览断桥残雪，远眺玉龙雪山。\n\n天气：明天有雪，气温-3℃，注意保暖。';
    expect(extractAnswerFacts(text).weather).toEqual(['-3度', '雪']);
    expect(extractAnswerFacts('第1天：断桥残雪、雷峰塔。\n晚上回酒店。').weather).toEqual([]);
  });

  it('times glued to Chinese text are found; 8:30 is normalised to 08:30', () => {
    const facts = extractAnswerFacts(
      '航班CA1501于8:30起飞，10:15抵达。高铁G5，07:00从北京南站出发',
    );
    expect(facts.times).toEqual(['07:00', '08:30', '10:15']);
    expect(facts.transport).toEqual([
      { id: 'CA1501', kind: 'flight', departure: '08:30', arrival: '10:15' },
      { id: 'G5', kind: 'train', departure: '07:00' },
    ]);
  });

  it('itinerary times outside transport context are not times facts', () => {
    expect(extractAnswerFacts('09:00-11:30 游览故宫\n14:00 午餐').times).toEqual([]);
  });

  it('an id followed later by a price on the same clause is a claim (MU5102 航班约700元)', () => {
    const facts = extractAnswerFacts('备选 MU5102 航班约700元。');
    expect(facts.transport).toEqual([{ id: 'MU5102', kind: 'flight', price: 700 }]);
    expect(facts.prices).toEqual(['700']);
  });

  it('the claim context stops at the next id', () => {
    const facts = extractAnswerFacts('可选G5、G7，G7票价553元');
    expect(facts.transport).toEqual([
      { id: 'G5', kind: 'train' },
      { id: 'G7', kind: 'train', price: 553 },
    ]);
  });

  it('not trains: terminals, highways, bus and metro lines', () => {
    const facts = extractAnswerFacts(
      '到达T3航站楼后走G1高速，换乘K1路公交或D2号线，也可乘坐Z1次列车',
    );
    expect(facts.trains).toEqual(['Z1']);
  });

  it('prices: 万 / 千, ¥, ranges; small standalone amounts are dropped', () => {
    const facts = extractAnswerFacts('总预算1.2万元，住宿约3千元，门票¥60，公交2元');
    expect(facts.prices).toEqual(['12000', '3000', '60']);
  });

  it('full-width digits and letters', () => {
    const facts = extractAnswerFacts('航班ＣＡ１５０１，价格８５０元，０８：００起飞');
    expect(facts.flights).toEqual(['CA1501']);
    expect(facts.transport).toEqual([
      { id: 'CA1501', kind: 'flight', price: 850, departure: '08:00' },
    ]);
  });

  it('西北风味 is food, not wind; levels need 风 nearby', () => {
    expect(extractAnswerFacts('推荐西北风味面馆，5级台阶上去就是').wind_info).toEqual([]);
    expect(extractAnswerFacts('风力3-4级，西北风').wind_info).toEqual(['3级', '4级', '西北风']);
  });

  it('roads: numbered roads stay, 顺路 / 路线 are not roads', () => {
    expect(
      extractAnswerFacts('因为距离不远可以顺路参观，沿中山一路步行，推荐路线见下').road_names,
    ).toEqual(['中山一路']);
  });

  it('option labels in brackets are headings, not places', () => {
    const answer = [
      '【经济优先】推荐高铁G102，二等座560元。',
      '【舒适优先方案】航班MU5101。',
      '【性价比之选】住宿「锦江之星」。',
      '【方案二】第1天：上午参观【上海博物馆】。',
    ].join('\n');
    expect(extractAnswerFacts(answer).pois).toEqual(['上海博物馆', '锦江之星']);
  });

  it('administrative names are never answer POIs', () => {
    expect(extractAnswerFacts('景点：杭州市\n名称: 西湖区\n名称: 雷峰塔').pois).toEqual(['雷峰塔']);
  });

  it('code points: emoji do not shift windows', () => {
    const facts = extractAnswerFacts('🚄🚄🚄 高铁G5 🚄 07:00出发 🎉🎉');
    expect(facts.times).toEqual(['07:00']);
    expect(facts.transport).toEqual([{ id: 'G5', kind: 'train', departure: '07:00' }]);
  });

  it('empty and non-string input give empty facts', () => {
    expect(nonEmpty(extractAnswerFacts(''))).toEqual({});
    expect(nonEmpty(extractAnswerFacts(undefined as never))).toEqual({});
  });
});
