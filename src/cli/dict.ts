/** `glosa dict build`: compiles the default lexicon into a content-hashed dictionary file. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readDictionaryMeta } from '../core/index.ts';
import { buildDefaultDictionaryBytes } from '../lexicon/load.ts';

const HELP = `usage: glosa dict <subcommand>

  build --output DIR   compile src/lexicon into DIR/<id>.<hash>.glsd and DIR/manifest.json
`;

async function build(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { output: { type: 'string', default: 'public/dict' } } });
  const dir = values.output;
  const bytes = buildDefaultDictionaryBytes();
  const meta = readDictionaryMeta(bytes);
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) if (old.endsWith('.glsd')) rmSync(join(dir, old));
  const file = `${meta.id}.${meta.contentHash}.glsd`;
  writeFileSync(join(dir, file), bytes);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ default: { file, bytes: bytes.length, ...meta } }, null, 2) + '\n');
  process.stdout.write(`${join(dir, file)}: ${meta.conceptCount} concepts, ${meta.termCount} terms, ${bytes.length} bytes\n`);
  return 0;
}

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'build') return build(rest);
  process.stdout.write(HELP);
  return sub === undefined || sub === '--help' ? 0 : 2;
}
