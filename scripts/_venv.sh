# Sourced by the other scripts: make .venv with Python >= 3.11 and install the project into it.
# Quiet: pip's and setuptools' output is kept and shown only when the install fails. Skipped when nothing
# changed: .venv/install-stamp holds, per extras installed, a hash of pyproject.toml; a new venv, an edited
# pyproject.toml or extras not installed yet reinstall. (The install is editable: edits under bot/ need none.)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
extras="${1:-}"
if [ ! -x .venv/bin/python ]; then
  python=""
  for candidate in python3.11 python3.12 python3.13 python3 python; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      python="$candidate"; break
    fi
  done
  if [ -z "$python" ]; then echo "Python 3.11 or newer is needed (python3.11 not found)." >&2; exit 1; fi
  "$python" -m venv .venv
fi
stamp=".venv/install-stamp"
hash="$(.venv/bin/python -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')"
installed() {  # this pyproject.toml is installed with these extras (or with [test], which includes them all)
  [ -f "$stamp" ] && grep -qxF -e "$hash ${extras:-[]}" -e "$hash [test]" "$stamp"
}
if ! installed; then
  echo "Installing the project${extras:+ with $extras} into .venv (the first time takes a few minutes) ..." >&2
  log="$(mktemp)"
  if ! { .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip &&
         .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras}"; } >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "Installing into .venv failed (pip's output above)." >&2
    exit 1
  fi
  rm -f "$log"
  { [ -f "$stamp" ] && grep -F "$hash " "$stamp" || true; } >"$stamp.new"  # an older pyproject.toml's: gone
  echo "$hash ${extras:-[]}" >>"$stamp.new"
  mv "$stamp.new" "$stamp"
fi
