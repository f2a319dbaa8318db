#!/usr/bin/env bash
# `npm test`: every check and every test suite, in one command.
#   typecheck, lint, formatting, web build and its bundle budget, unit + API tests on PGlite, the API tests again on PostgreSQL,
#   sqlmap against the list, search, command and chat routes, browser tests in Chromium against the real server.
# Every step runs even when an earlier one failed; the exit code is non-zero if any failed.
# Missing Debian packages (chromium, postgresql, ffmpeg, pocketsphinx) are installed when running as root with apt;
# otherwise the step fails saying what to install. Nothing is skipped silently.
set -uo pipefail

cd "$(dirname "$0")/.."
OUT=.tmp/test-results
rm -rf "$OUT"
mkdir -p "$OUT"

STEPS=()
STATUS=()
FAILED=0

record() { # name exit-code
  STEPS+=("$1")
  STATUS+=("$2")
  if [[ $2 -ne 0 ]]; then FAILED=1; fi
}

banner() { printf '\n== %s ==\n\n' "$1"; }

run_step() { # name command...
  local name=$1 started code
  shift
  banner "$name"
  started=$SECONDS
  "$@"
  code=$?
  echo "-- $name: $([[ $code -eq 0 ]] && echo ok || echo "FAILED (exit $code)") in $((SECONDS - started)) s"
  record "$name" "$code"
}

# A vitest run: default reporter on screen, its JSON report to a file for the summary.
run_vitest_step() { # name result-id command...
  local name=$1 id=$2
  shift 2
  run_step "$name" "$@" --reporter=default --reporter=json --outputFile="$OUT/$id.json"
}

source scripts/lib/debian.sh

banner "Prerequisites"
# A fresh clone has no dependencies yet: install them from the lockfile, as npm start does.
if [[ ! -d node_modules ]]; then
  echo "node_modules is missing: installing the dependencies (npm ci)"
  npm ci || { echo "npm test: npm ci failed; see its output above." >&2; exit 1; }
fi
ensure_debian_package /usr/bin/chromium chromium
CHROMIUM_OK=$?
[[ $CHROMIUM_OK -eq 0 ]] && echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
# The recordings tests make their media fixtures with ffmpeg (and fail naming it when it is missing).
ensure_debian_package /usr/bin/ffmpeg ffmpeg
# PostgreSQL is checked (and installed) by scripts/test-postgres.sh itself.
# Recording processing runs ffmpeg and pocketsphinx on the spoken clips of pocketsphinx-testdata.
ensure_debian_package /usr/bin/ffmpeg ffmpeg
ensure_debian_package /usr/bin/pocketsphinx_continuous pocketsphinx
ensure_debian_package /usr/share/pocketsphinx/model/en-us/en-us.lm.bin pocketsphinx-en-us
ensure_debian_package /usr/share/pocketsphinx/test/data/librivox/transcription pocketsphinx-testdata

# The static checks run side by side (tsc on one core, eslint then prettier on the other); each one's
# output is shown after it, whole, and each is recorded as its own step.
static_check() { # name log command...
  local name=$1 log=$2 started code
  shift 2
  started=$SECONDS
  "$@" >"$log" 2>&1
  code=$?
  echo "$code $((SECONDS - started))" >"$log.status"
}
TYPECHECK_LOG=$OUT/typecheck.log
LINT_LOG=$OUT/lint.log
FORMAT_LOG=$OUT/format.log
static_check "Typecheck (tsc -b)" "$TYPECHECK_LOG" npm run --silent typecheck &
TYPECHECK_PID=$!
{
  static_check "Lint (eslint)" "$LINT_LOG" npm run --silent lint
  static_check "Format (prettier --check)" "$FORMAT_LOG" npm run --silent format:check
} &
LINT_PID=$!
wait "$TYPECHECK_PID" "$LINT_PID"
for check in "Typecheck (tsc -b):$TYPECHECK_LOG" "Lint (eslint):$LINT_LOG" "Format (prettier --check):$FORMAT_LOG"; do
  name=${check%%:*}
  log=${check#*:}
  banner "$name"
  cat "$log"
  read -r code took <"$log.status" || { code=1; took=0; }
  echo "-- $name: $([[ $code -eq 0 ]] && echo ok || echo "FAILED (exit $code)") in $took s (alongside the other static checks)"
  record "$name" "$code"
done
run_step "Build the web app" npm run --silent build
run_step "Web bundle budget" node scripts/check-bundle-budget.mjs
run_vitest_step "Unit and API tests on PGlite (server, web)" unit npx vitest run --project server --project web
run_vitest_step "API tests on PostgreSQL" postgres bash scripts/test-postgres.sh
# Debian's sqlmap against the list, search, command and chat routes, at its first level and risk (about a
# minute); `npm run security:sqlmap` runs the deeper pass whose results are committed in bench/results.
run_step "SQL injection scan (sqlmap, level 1)" env SQLMAP_LEVEL=1 SQLMAP_RISK=1 SQLMAP_STORE=0 bash scripts/security-sqlmap.sh
if [[ $CHROMIUM_OK -eq 0 ]]; then
  run_vitest_step "Browser tests (Chromium)" e2e npx vitest run --project e2e
else
  banner "Browser tests (Chromium)"
  echo "-- not run: /usr/bin/chromium is missing (install Debian's chromium package)"
  record "Browser tests (Chromium)" 1
fi

# ---- Summary -----------------------------------------------------------------------------------
banner "Summary"
for i in "${!STEPS[@]}"; do
  printf '%-46s %s\n' "${STEPS[$i]}" "$([[ ${STATUS[$i]} -eq 0 ]] && echo ok || echo "FAILED (exit ${STATUS[$i]})")"
done
echo
node - "$OUT" <<'EOF'
// Counts come from each runner's JSON report (vitest's json reporter), not from its screen output.
const fs = require('node:fs');
const path = require('node:path');
const dir = process.argv[2];
const runners = [
  ['unit', 'PGlite (server, web)'],
  ['postgres', 'PostgreSQL (server)'],
  ['e2e', 'Chromium (e2e)'],
];
let passed = 0;
let failed = 0;
const failures = [];
for (const [id, label] of runners) {
  const file = path.join(dir, `${id}.json`);
  if (!fs.existsSync(file)) {
    console.log(`${label.padEnd(22)} no results (the runner did not finish; see its output above)`);
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const files = r.testResults ?? [];
  const failedFiles = files.filter((f) => f.status === 'failed');
  // A file that failed to load has no test results of its own but still fails the run.
  failed += r.numFailedTests + failedFiles.filter((f) => (f.assertionResults ?? []).length === 0).length;
  passed += r.numPassedTests;
  for (const f of failedFiles) {
    const where = path.relative(process.cwd(), f.name);
    const tests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (!tests.length) failures.push(`${label}: ${where}: ${firstLine(f.message) || 'the file failed to load'}`);
    for (const t of tests) failures.push(`${label}: ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(
    `${label.padEnd(22)} tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''} (${r.numTotalTests})` +
      `  |  files: ${files.length - failedFiles.length} passed, ${failedFiles.length} failed (${files.length})`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
// The failures again, by name, so the end of the output alone says what to look at.
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `- ${f}`).join('\n')}`);

function firstLine(text) {
  // Without colour codes, and short: the full message is in the runner's output above.
  const line = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}
EOF
exit $FAILED
