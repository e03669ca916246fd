import { VERSION } from './index';

console.log(`navworld ${VERSION}`);
