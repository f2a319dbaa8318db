#!/usr/bin/env bash
# `npm run security:sqlmap`: Debian's sqlmap against the deals, companies, contacts and tasks lists, search, command and chat endpoints
# (bench/security/sqlmap.ts); results in bench/results/security-sqlmap.{json,md}. Installs sqlmap as root
# with apt when it is missing (scripts/lib/debian.sh), otherwise says what to install.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/debian.sh
ensure_debian_package /usr/bin/sqlmap sqlmap || exit 1
exec npx tsx bench/security/sqlmap.ts
