/**
 * The `glosa` command line. Each command lives in its own module, loaded only when called.
 * Forms other tools rely on (keep them stable):
 *   glosa annotate [--input FILE] [--output FILE] [--dict PATH] [--datetime YYYY-MM-DDTHH:MM:SS]
 *   glosa dict build|export|info ...
 *   glosa rules export [--context-rules FILE]
 *   glosa serve [--port N] [--host H] [--keys-file FILE] [--dict FILE] [--with-app]  (first stdout line: "... listening on URL")
 */
type Command = { run(args: string[]): Promise<number> };

const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  annotate: { summary: 'annotate JSON Lines {"id","text","config"?} into {"id","result"|"error"}', load: () => import('./annotate.ts') },
  dict: { summary: 'build, export or describe dictionaries', load: () => import('./dict.ts') },
  rules: { summary: 'print the context rule pack as JSON (rules export)', load: () => import('./rules.ts') },
  serve: { summary: 'run the annotation REST service (prints "listening on URL")', load: () => import('./serve.ts') },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  glosa ${name.padEnd(10)} ${c.summary}`);
  return ['usage: glosa <command> [options]', '', ...lines, '', 'Run "glosa <command> --help" for its options.'].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    process.stderr.write(`glosa: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  return (await command.load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`glosa: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
