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

# `stage_beside <name> <command…>` starts a stage that runs beside the stages after it (its
# output kept until it is joined); `stage_join <name>` waits for it, prints its output and its
# wall time (from its start), and exits if it failed. A script that exits first stops those
# still running (stop_beside, in an EXIT trap).
declare -A _beside_pid=() _beside_out=() _beside_start=()
stage_beside() {
  local name=$1
  shift
  _beside_out[$name]=$(mktemp)
  _beside_start[$name]=$SECONDS
  echo "=== ${name} (beside the next stages): $*"
  "$@" >"${_beside_out[$name]}" 2>&1 &
  _beside_pid[$name]=$!
}
stage_join() {
  local name=$1 code=0
  wait "${_beside_pid[$name]}" || code=$?
  unset "_beside_pid[$name]"
  local took=$((SECONDS - _beside_start[$name]))
  echo "=== ${name}: its output"
  cat "${_beside_out[$name]}"
  rm -f "${_beside_out[$name]}"
  if [ "$code" -eq 0 ]; then
    echo "=== ${name}: done in ${took} s (beside other stages)"
    [ -z "${STAGE_LOG:-}" ] || printf '%-22s %5d s  (beside)\n' "$name" "$took" >>"$STAGE_LOG"
  else
    echo "=== ${name}: FAILED after ${took} s"
    [ -z "${STAGE_LOG:-}" ] || printf '%-22s %5d s  FAILED\n' "$name" "$took" >>"$STAGE_LOG"
    exit "$code"
  fi
}
# A process and everything it started, children first.
_stop_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do _stop_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
stop_beside() {
  local pid
  for pid in "${_beside_pid[@]}"; do _stop_tree "$pid"; done
}
