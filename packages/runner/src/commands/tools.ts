import { toolDefinitions } from '@navworld/tools';
import { EXIT_CODES } from '../internal/cli-support';

/** Options of `navworld tools`. */
export interface ToolsCommandOptions {
  json?: boolean;
}

/** `navworld tools`: lists the six tools (or prints their OpenAI definitions as JSON). */
export function toolsCommand(options: ToolsCommandOptions): number {
  const definitions = toolDefinitions();
  if (options.json === true) {
    console.log(JSON.stringify(definitions, null, 2));
    return EXIT_CODES.ok;
  }
  for (const d of definitions) {
    const params = d.function.parameters;
    const args = Object.keys(params.properties)
      .map((p) => (params.required.includes(p) ? p : `${p}?`))
      .join(', ');
    console.log(`${d.function.name}(${args})`);
    console.log(`  ${d.function.description}`);
  }
  return EXIT_CODES.ok;
}
