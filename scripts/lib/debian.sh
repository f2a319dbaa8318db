# Sourced by the test scripts: installs a missing Debian package when it can, or says what to install.
#
#   ensure_debian_package <path or glob that must exist> <package> [more packages...]
#
# Returns 0 when the path exists (after installing the packages as root with apt, when needed);
# otherwise prints which package to install and returns 1. Nothing is skipped silently.
ensure_debian_package() {
  local path=$1
  shift
  compgen -G "$path" >/dev/null && return 0
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "$path is missing: installing Debian's $* package(s)"
    export DEBIAN_FRONTEND=noninteractive
    # An interrupted dpkg run (e.g. a half-installed package) blocks apt until it is completed.
    # Another apt or dpkg run (unattended upgrades, a second install) holds dpkg's lock: wait for it
    # (up to 10 minutes) instead of failing at once.
    local wait_lock=(-o DPkg::Lock::Timeout=600)
    dpkg --configure -a || true
    apt-get "${wait_lock[@]}" update -qq && apt-get "${wait_lock[@]}" install -y -qq "$@" >/dev/null
  fi
  if ! compgen -G "$path" >/dev/null; then
    echo "npm test: $path is missing: install Debian's $* package(s) (sudo apt-get install $*), then run again." >&2
    return 1
  fi
}

# A TCP port on 127.0.0.1 that nothing listens on right now.
free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
}
