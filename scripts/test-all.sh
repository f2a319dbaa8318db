#!/usr/bin/env bash
# `npm test`: every check and every test suite, in one command.
#   typecheck, lint, web build and its bundle budget, unit + API tests on PGlite, the API tests again on PostgreSQL,
#   browser tests in Chromium against the real server.
# Every step runs even when an earlier one failed; the exit code is non-zero if any failed.
# Missing Debian packages (chromium, postgresql) are installed when running as root with apt;
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

# A vitest run whose output is kept for the summary: default reporter on screen, JSON to a file.
run_vitest_step() { # name result-id command...
  local name=$1 id=$2
  shift 2
  run_step "$name" bash -c '"$@" --reporter=default --reporter=json --outputFile="$0.json" 2>&1 | tee "$0.log"; exit "${PIPESTATUS[0]}"' \
    "$OUT/$id" "$@"
}

ensure_debian_binary() { # path package
  local path=$1 package=$2
  [[ -x $path ]] && return 0
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "$path is missing: installing Debian's $package package"
    export DEBIAN_FRONTEND=noninteractive
    # An interrupted dpkg run (e.g. a half-installed package) blocks apt until it is completed.
    dpkg --configure -a || true
    apt-get update -qq && apt-get install -y -qq "$package"
  fi
  if [[ ! -x $path ]]; then
    echo "npm test: $path is missing: install Debian's $package package (sudo apt-get install $package), then run again." >&2
    return 1
  fi
}

banner "Prerequisites"
ensure_debian_binary /usr/bin/chromium chromium
CHROMIUM_OK=$?
[[ $CHROMIUM_OK -eq 0 ]] && echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
# PostgreSQL is checked (and installed) by scripts/test-postgres.sh itself.

run_step "Typecheck (tsc -b)" npm run --silent typecheck
run_step "Lint (eslint)" npm run --silent lint
run_step "Build the web app" npm run --silent build
run_step "Web bundle budget" node scripts/check-bundle-budget.mjs
run_vitest_step "Unit and API tests on PGlite (server, web)" unit npx vitest run --project server --project web
run_vitest_step "API tests on PostgreSQL" postgres bash scripts/test-postgres.sh
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
const fs = require('node:fs');
const path = require('node:path');
const dir = process.argv[2];
const runners = [
  ['unit', 'PGlite (server, web)'],
  ['postgres', 'PostgreSQL (server)'],
  ['e2e', 'Chromium (e2e)'],
];
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
for (const [id, label] of runners) {
  const log = path.join(dir, `${id}.log`);
  const json = path.join(dir, `${id}.json`);
  // The runner's own summary lines, as vitest printed them.
  const lines = fs.existsSync(log) ? strip(fs.readFileSync(log, 'utf8')).split('\n') : [];
  const files = lines.filter((l) => /^\s*Test Files\s/.test(l)).pop();
  const tests = lines.filter((l) => /^\s*Tests\s/.test(l)).pop();
  if (fs.existsSync(json)) {
    const r = JSON.parse(fs.readFileSync(json, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    console.log(`${label.padEnd(22)} ${(tests ?? '').trim()}  |  ${(files ?? '').trim()}`);
  } else {
    console.log(`${label.padEnd(22)} no results (the runner did not finish; see its output above)`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
EOF
exit $FAILED
