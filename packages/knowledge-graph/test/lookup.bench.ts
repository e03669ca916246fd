import { bench, describe } from 'vitest';
import { distanceKm, findCity, getCity, isAdministrativeName, listCities } from '../src/index';

const names = listCities().map((c) => c.name);
const spellings = [...names, ...names.map((n) => `${n}市`), ...listCities().map((c) => c.pinyin)];
let i = 0;
let sink = 0;

describe('knowledge-graph look-ups', () => {
  bench('getCity (name, 市 form or pinyin)', () => {
    sink += getCity(spellings[i++ % spellings.length]!).center[0];
  });

  bench('distanceKm', () => {
    sink += distanceKm(names[i % names.length]!, names[(i * 7 + 3) % names.length]!);
    i++;
  });

  bench('findCity miss', () => {
    sink += findCity('不存在的城市') === undefined ? 1 : 0;
  });

  bench('isAdministrativeName', () => {
    sink += isAdministrativeName(i++ % 2 === 0 ? '朝阳区' : '故宫') ? 1 : 0;
  });
});

export { sink };
