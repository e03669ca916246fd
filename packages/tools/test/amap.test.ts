import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochAt } from '@navworld/core-types';
import { callTool, createToolContext, type ToolContext } from '../src/index';

interface Seen {
  path: string;
  query: Record<string, string>;
}

type Handler = (req: Seen, res: ServerResponse) => void;

const seen: Seen[] = [];
let handler: Handler = () => undefined;
let baseUrl = '';
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const entry = { path: url.pathname, query: Object.fromEntries(url.searchParams) };
  seen.push(entry);
  handler(entry, res);
});

function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}

const OK = { status: '1', info: 'OK', infocode: '10000' };
const QUOTA = { status: '0', info: 'USER_DAILY_QUERY_OVER_LIMIT', infocode: '10044' };
const KEY_QUOTA = { status: '0', info: 'DAILY_QUERY_OVER_LIMIT', infocode: '10004' };

const PLACE_TEXT = {
  ...OK,
  count: '2',
  pois: [
    {
      parent: '',
      address: '龙井路1号',
      distance: '',
      pcode: '330000',
      adcode: '330106',
      pname: '浙江省',
      cityname: '杭州市',
      type: '风景名胜;风景名胜;国家级景点',
      typecode: '110202',
      adname: '西湖区',
      citycode: '0571',
      name: '西湖风景名胜区',
      location: '120.141130,30.243126',
      id: 'B023B173VP',
      business: {
        business_area: '西湖',
        tel: '0571-87179617',
        rating: '4.8',
        cost: [],
        opentime_today: '00:00-24:00',
      },
    },
    {
      parent: '',
      address: '灵隐路法云弄1号',
      pname: '浙江省',
      cityname: '杭州市',
      type: '风景名胜;风景名胜相关;寺庙道观',
      adname: '西湖区',
      name: '灵隐寺',
      location: '120.101,30.241',
      id: 'B023B1AH0S',
      business: { rating: '4.7', cost: '75.00', tel: [] },
    },
  ],
};

const DRIVING = {
  ...OK,
  count: '1',
  route: {
    origin: '120.155,30.274',
    destination: '120.101,30.241',
    taxi_cost: '32',
    paths: [
      {
        distance: '8712',
        restriction: '0',
        cost: { duration: '1320', tolls: '0', toll_distance: '0', traffic_lights: '12' },
        steps: [
          {
            instruction: '向西行驶800米右转进入湖滨路',
            orientation: '西',
            road_name: '湖滨路',
            step_distance: '800',
          },
          {
            instruction: '沿北山路行驶2.1公里',
            orientation: '西',
            road_name: '北山路',
            step_distance: '2100',
          },
        ],
      },
    ],
  },
};

const WALKING = {
  ...OK,
  route: {
    origin: '120.155,30.274',
    destination: '120.15,30.27',
    paths: [
      {
        distance: '905',
        cost: { duration: '720' },
        steps: [{ instruction: '沿延安路步行905米', road_name: '延安路', step_distance: '905' }],
      },
    ],
  },
};

const BICYCLING = {
  ...OK,
  route: {
    origin: '1',
    destination: '2',
    paths: [{ distance: '3000', duration: '760', steps: [] }],
  },
};

const TRANSIT = {
  ...OK,
  route: {
    origin: '120.155,30.274',
    destination: '120.101,30.241',
    distance: '9400',
    transits: [
      {
        cost: { duration: '2220', transit_fee: '4' },
        distance: '9400',
        walking_distance: '490',
        segments: [
          {
            walking: { distance: '360' },
            bus: {
              buslines: [
                {
                  name: '地铁1号线(湘湖--下沙江滨)',
                  departure_stop: { name: '龙翔桥' },
                  arrival_stop: { name: '凤起路' },
                  distance: '3400',
                  via_num: '1',
                },
              ],
            },
          },
        ],
      },
    ],
  },
};

const REGEO = {
  ...OK,
  regeocode: {
    formatted_address: '浙江省杭州市',
    addressComponent: { citycode: '0571', adcode: '330102' },
  },
};

const WEATHER = {
  ...OK,
  count: '1',
  forecasts: [
    {
      city: '杭州市',
      adcode: '330100',
      province: '浙江',
      reporttime: '2025-05-01 10:02:34',
      casts: [
        {
          date: '2025-05-01',
          week: '4',
          dayweather: '晴',
          nightweather: '多云',
          daytemp: '27',
          nighttemp: '16',
          daywind: '东南',
          nightwind: '东南',
          daypower: '1-3',
          nightpower: '1-3',
        },
        {
          date: '2025-05-02',
          week: '5',
          dayweather: '小雨',
          nightweather: '小雨',
          daytemp: '22',
          nighttemp: '15',
          daywind: '东',
          nightwind: '东',
          daypower: '4',
          nightpower: '1-3',
        },
      ],
    },
  ],
};

function routes(req: Seen, res: ServerResponse): void {
  const table: Record<string, unknown> = {
    '/v5/place/text': PLACE_TEXT,
    '/v5/place/around': PLACE_TEXT,
    '/v5/direction/driving': DRIVING,
    '/v5/direction/walking': WALKING,
    '/v5/direction/bicycling': BICYCLING,
    '/v5/direction/electrobike': BICYCLING,
    '/v5/direction/transit/integrated': TRANSIT,
    '/v3/geocode/regeo': REGEO,
    '/v3/weather/weatherInfo': WEATHER,
  };
  json(res, table[req.path] ?? { status: '0', info: 'INVALID_PARAMS', infocode: '20000' });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function amap(keys = 'key-a,key-b', timeoutMs = 2000): ToolContext {
  return createToolContext({
    world: 'amap',
    epoch: epochAt(Date.UTC(2025, 4, 1)),
    amapKeys: keys,
    amapBaseUrl: baseUrl,
    amapTimeoutMs: timeoutMs,
    cache: 'none',
  });
}

describe('AMap provider against a local fake', () => {
  it('calls place text with the reference parameters and renders the same fields as offline', async () => {
    handler = routes;
    seen.length = 0;
    const r = await callTool('poi_search', { address: '西湖', region: '杭州市' }, amap());
    expect(r.ok).toBe(true);
    expect(seen[0]!.path).toBe('/v5/place/text');
    expect(seen[0]!.query).toMatchObject({
      keywords: '西湖',
      region: '杭州',
      show_fields: 'business',
    });
    expect(r.text).toContain('名称: 西湖风景名胜区');
    expect(r.text).toContain('location: 120.141130,30.243126');
    expect(r.text).toContain('评分: 4.8');
    expect(r.text).toContain('门票: 75元');
    expect(r.text).toContain('电话: 0571-87179617');
  });

  it('calls place around with location, radius and keyword', async () => {
    handler = routes;
    seen.length = 0;
    const r = await callTool(
      'around_search',
      { location: '120.15,30.28', radius: 1500, keyword: '餐厅' },
      amap(),
    );
    expect(r.ok).toBe(true);
    expect(seen[0]).toMatchObject({
      path: '/v5/place/around',
      query: { location: '120.15,30.28', radius: '1500', keywords: '餐厅' },
    });
  });

  it('plans driving, walking, bicycling, electrobike and transit routes', async () => {
    handler = routes;
    const ctx = amap();
    seen.length = 0;
    const drive = await callTool(
      'direction',
      { origin: '120.155,30.274', destination: '120.101,30.241' },
      ctx,
    );
    expect(drive.text).toContain('距离: 8.7公里');
    expect(drive.text).toContain('耗时: 22分钟');
    expect(drive.text).toContain('打车费用约: 32元');
    expect(drive.text).toContain('导航: 沿北山路行驶2.1公里');
    expect(seen[0]!.path).toBe('/v5/direction/driving');
    const walk = await callTool(
      'direction',
      { origin: '120.155,30.274', destination: '120.15,30.27', mode: 'walking' },
      ctx,
    );
    expect(walk.text).toContain('距离: 905米');
    const bike = await callTool(
      'direction',
      { origin: '120.155,30.274', destination: '120.15,30.27', mode: 'bicycling' },
      ctx,
    );
    expect(bike.text).toContain('耗时: 13分钟');
    const ebike = await callTool(
      'direction',
      { origin: '120.155,30.274', destination: '120.15,30.27', mode: 'electrobike' },
      ctx,
    );
    expect(ebike.ok).toBe(true);
    seen.length = 0;
    const transit = await callTool(
      'direction',
      { origin: '120.155,30.274', destination: '120.101,30.241', mode: 'transit' },
      ctx,
    );
    expect(transit.text).toContain('乘坐线路: 地铁1号线');
    expect(transit.text).toContain('票价: 4元');
    expect(seen.filter((s) => s.path === '/v3/geocode/regeo')).toHaveLength(2);
    expect(seen.find((s) => s.path === '/v5/direction/transit/integrated')!.query).toMatchObject({
      city1: '0571',
      city2: '0571',
    });
  });

  it('asks for the forecast by adcode with extensions=all', async () => {
    handler = routes;
    seen.length = 0;
    const r = await callTool('weather', { city: '杭州' }, amap());
    expect(seen[0]!.query).toMatchObject({ city: '330100', extensions: 'all' });
    expect(r.text).toContain('白天天气: 晴');
    expect(r.text).toContain('白天温度: 27度');
    expect(r.text).toContain('风向: 东南风');
    expect(r.text).toContain('风力: 1-3级');
  });

  it('fails over to the second key when the first is over its quota', async () => {
    const keysUsed: string[] = [];
    handler = (req, res) => {
      keysUsed.push(req.query['key']!);
      if (req.query['key'] === 'key-a') json(res, KEY_QUOTA);
      else routes(req, res);
    };
    const ctx = amap('key-a,key-b');
    const r = await callTool('poi_search', { address: '西湖', region: '杭州' }, ctx);
    expect(r.ok).toBe(true);
    expect(keysUsed).toEqual(['key-a', 'key-b']);
    keysUsed.length = 0;
    await callTool('poi_search', { address: '灵隐寺', region: '杭州' }, ctx);
    expect(keysUsed).toEqual(['key-b']);
  });

  it('reports exhaustion with a distinct code when every key is over quota', async () => {
    handler = (_req, res) => json(res, QUOTA);
    const r = await callTool('poi_search', { address: '西湖' }, amap('key-a,key-b'));
    expect(r.ok).toBe(false);
    expect(r.errorCode).toBe('PROVIDER_QUOTA_EXHAUSTED');
    expect(r.text).toContain('USER_DAILY_QUERY_OVER_LIMIT');
    const single = await callTool('weather', { city: '杭州' }, amap('only-key'));
    expect(single.errorCode).toBe('PROVIDER_QUOTA_EXHAUSTED');
  });

  it('tells service failures (unavailable) from failures of the request, and finds empty results', async () => {
    const codeOf = async (): Promise<string | undefined> =>
      (await callTool('poi_search', { address: '西湖' }, amap())).errorCode;
    for (const status of [500, 502, 503, 429]) {
      handler = (_req, res) => {
        res.writeHead(status);
        res.end('service trouble');
      };
      expect(await codeOf(), `HTTP ${status}`).toBe('PROVIDER_UNAVAILABLE');
    }
    handler = (_req, res) => {
      res.writeHead(404);
      res.end('no such path');
    };
    expect(await codeOf()).toBe('PROVIDER_ERROR');
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"1","pois":[');
    };
    expect(await codeOf()).toBe('PROVIDER_UNAVAILABLE');
    // Info codes 2xxxx blame the parameters; a bad key or a service error is the service's.
    handler = (_req, res) => json(res, { status: '0', info: 'INVALID_PARAMS', infocode: '20000' });
    const invalid = await callTool('poi_search', { address: '西湖' }, amap());
    expect(invalid.errorCode).toBe('PROVIDER_ERROR');
    expect(invalid.text).toContain('INVALID_PARAMS');
    handler = (_req, res) =>
      json(res, { status: '0', info: 'INSUFFICIENT_PRIVILEGES', infocode: '10012' });
    expect(await codeOf()).toBe('PROVIDER_UNAVAILABLE');
    handler = (_req, res) => json(res, { status: '0', info: 'ENGINE_TIMEOUT', infocode: '30003' });
    expect(await codeOf()).toBe('PROVIDER_UNAVAILABLE');
    handler = (_req, res) => json(res, { ...OK, count: '0', pois: [] });
    expect((await callTool('poi_search', { address: '西湖' }, amap())).errorCode).toBe(
      'NO_RESULTS',
    );
    handler = (_req, res) => json(res, { ...OK, route: {} });
    expect(
      (await callTool('direction', { origin: '120.1,30.2', destination: '120.2,30.3' }, amap()))
        .errorCode,
    ).toBe('NO_RESULTS');
  });

  it('reports a service that cannot be reached as unavailable', async () => {
    // A port nothing listens on: bind one, note it, close it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const ctx = createToolContext({
      world: 'amap',
      epoch: epochAt(Date.UTC(2025, 4, 1)),
      amapKeys: 'key-a',
      amapBaseUrl: `http://127.0.0.1:${port}`,
      cache: 'none',
    });
    const r = await callTool('weather', { city: '杭州' }, ctx);
    expect(r.ok).toBe(false);
    expect(r.errorCode).toBe('PROVIDER_UNAVAILABLE');
    expect(r.text).toContain('地图服务连接失败');
  });

  it('times out slow answers', async () => {
    handler = (req, res) => {
      setTimeout(() => routes(req, res), 1500);
    };
    const r = await callTool('weather', { city: '杭州' }, amap('key-a', 200));
    expect(r.ok).toBe(false);
    expect(r.errorCode).toBe('PROVIDER_TIMEOUT');
  });

  it('refuses to start without a key', () => {
    expect(() => createToolContext({ world: 'amap', env: {} })).toThrow(/AMap API key/);
  });
});
