# Sourced by the test scripts: `stage <name> <command…>` runs one stage and prints its wall time.
# With STAGE_LOG set (a file), each stage's line is appended to it too, for a summary at the end.
stage() {
  local name=$1
  shift
  local start=$SECONDS
  echo "=== ${name}: $*"
  if "$@"; then
    echo "=== ${name}: done in $((SECONDS - start)) s"
    [ -z "${STAGE_LOG:-}" ] || printf '%-22s %5d s\n' "$name" $((SECONDS - start)) >>"$STAGE_LOG"
  else
    local code=$?
    echo "=== ${name}: FAILED after $((SECONDS - start)) s"
    [ -z "${STAGE_LOG:-}" ] || printf '%-22s %5d s  FAILED\n' "$name" $((SECONDS - start)) >>"$STAGE_LOG"
    exit "$code"
  fi
}
