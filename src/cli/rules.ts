/** `glosa rules export`: the context rule pack as JSON, to read, copy and change. */
import { parseArgs } from 'node:util';
import { defaultRules, rulePackJson } from '../core/index.ts';
import { contextRulesOption } from './context-rules.ts';

const HELP = `usage: glosa rules export [--context-rules FILE]

Prints the default Spanish context rule pack as JSON ({"rules": [...]}), or, with --context-rules,
the rules in effect once that user pack is applied. See docs/context.md for the rule format.
`;

export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'context-rules': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'export') {
    process.stderr.write(`glosa rules: expected "export"\n\n${HELP}`);
    return 2;
  }
  const option = contextRulesOption('rules', values['context-rules']);
  if (typeof option === 'number') return option;
  process.stdout.write(rulePackJson(option.rules ?? defaultRules()));
  return 0;
}
