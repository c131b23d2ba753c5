# Shared by bin/run and bin/test: make .venv with Python 3.11 and install the given requirements
# file when it changed since the last install.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

pytest_summary() {  # a pytest log: its last summary line, framed in "=" or bare (-q); empty if none
  { grep -E '^(=+ )?[0-9]+ (passed|failed|errors?|skipped|deselected)|no tests ran' "$1" || true; } \
    | tail -1 | sed -E 's/^=+ //; s/ =+$//'
}

find_python() {
  for candidate in python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
      echo "$candidate"; return 0
    fi
  done
  echo "Tablescore needs Python 3.11 (python3.11 on PATH)." >&2
  return 1
}

ensure_venv() {
  local requirements="$1"
  if [ ! -x .venv/bin/python ]; then
    "$(find_python)" -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
  fi
  local stamp=".venv/.installed-$(basename "$requirements")"
  local digest
  digest="$(cat requirements*.txt | sha256sum | cut -d' ' -f1)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$digest" ]; then
    echo "Installing $requirements into .venv ..."
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"
    echo "$digest" > "$stamp"
  fi
}

# The translations (docs/architecture.md, "Languages"): compile every tracked catalog (.po) into
# the .mo file Django reads; .mo files are never tracked. Needs GNU gettext's msgfmt.
compile_catalogs() {
  if ! command -v msgfmt >/dev/null 2>&1; then
    echo "msgfmt (GNU gettext) is missing: install it (apt-get install gettext) to compile the translations." >&2
    return 1
  fi
  SECRET_KEY="${SECRET_KEY:-compilemessages}" .venv/bin/python manage.py compilemessages \
    --ignore=.venv --ignore=var --ignore=staticfiles -v 0
}
