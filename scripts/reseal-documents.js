// Re-seals every stored identity document under the current uploads key (UPLOADS_KEY), so that
// UPLOADS_KEY_PREVIOUS can be removed: docs/operations.md, "Rotating the uploads key".
// Run it with the instances' own environment, from the shop's directory, after `npm run build`:
//   npm run documents:reseal            re-seal, then report (exit 1 while any document is left)
//   npm run documents:reseal -- --check only count what is left
// With PGlite (no DATABASE_URL) stop the shop first: one process at a time opens DATA_DIR/db.
import { existsSync } from 'node:fs';

const entry = new URL('../build/server/index.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('The shop is not built yet: run `npm run build` first.');
  process.exit(1);
}
const { runResealCommand, ConfigError } = await import(entry.href);
try {
  process.exitCode = await runResealCommand(process.env, { check: process.argv.includes('--check'), print: (line) => process.stdout.write(`${line}\n`) });
} catch (error) {
  // A configuration problem is one line naming the variable, as at the shop's start.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
