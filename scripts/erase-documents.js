// Erases one fan's identity documents at once, on their request: docs/operations.md, "Data
// retention". Run it with the instances' own environment, from the shop's directory, after
// `npm run build`:
//   npm run documents:erase -- --email fan@example.org
//   npm run documents:erase -- --customer <customer id>
// With PGlite (no DATABASE_URL) stop the shop first: one process at a time opens DATA_DIR/db.
import { existsSync } from 'node:fs';

const entry = new URL('../build/server/index.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('The shop is not built yet: run `npm run build` first.');
  process.exit(1);
}
const { runEraseDocumentsCommand, eraseTargetOf, ConfigError } = await import(entry.href);
const target = eraseTargetOf(process.argv.slice(2));
if (!target) {
  console.error('Say whose documents: --email <address> or --customer <customer id>.');
  process.exit(1);
}
try {
  process.exitCode = await runEraseDocumentsCommand(process.env, target, (line) => process.stdout.write(`${line}\n`));
} catch (error) {
  // A configuration problem is one line naming the variable, as at the shop's start.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
