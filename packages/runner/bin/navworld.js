#!/usr/bin/env node
import { endOnClosedOutput, main } from '../dist/cli.js';

endOnClosedOutput();
process.exitCode = await main();
