/** Reads a user rule pack (`--context-rules FILE`) for the CLI and the service: all or nothing. */
import { readFileSync } from 'node:fs';
import { loadRulePack, RulePackError, type ContextRule } from '../core/index.ts';

/** The default rules with the pack at `path` applied; throws a `RulePackError` naming the file. */
export function readContextRules(path: string): ContextRule[] {
  let json: string;
  try {
    json = readFileSync(path, 'utf8');
  } catch (error) {
    throw new RulePackError(`${path}: cannot read the rule pack: ${(error as Error).message}`);
  }
  return loadRulePack(path, json);
}

/**
 * For a command's `--context-rules` option: the rules, or `undefined` for the default pack; on a bad
 * pack writes the error to stderr and returns the exit code 2.
 */
export function contextRulesOption(command: string, path: string | undefined): { rules?: ContextRule[] } | number {
  if (path === undefined) return {};
  try {
    return { rules: readContextRules(path) };
  } catch (error) {
    if (!(error instanceof RulePackError)) throw error;
    process.stderr.write(`glosa ${command}: bad rule pack ${error.message}\n`);
    return 2;
  }
}
