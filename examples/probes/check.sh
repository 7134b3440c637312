#!/usr/bin/env bash
# check.sh PROBE_DIR — check every task of one probe (probe35/, probe36/): the buggy
# workspace's tests FAIL (at run time, not at
# build/collection time), the tests PASS with the reference program swapped in, and
# the reference differs from the buggy program exactly by the lines in fix_diff.
set -u
export ROOT="$(cd "${1:?usage: check.sh PROBE_DIR}" && pwd)"
NAME=$(basename "$ROOT")
export CARGO_TARGET_DIR=/var/tmp/$NAME-target
export CARGO_TERM_COLOR=never
pass=0; total=0; dpass=0; dtotal=0; failures=()

diff_ok() {  # suite id program workspace-dir
  python3 - "$1" "$2" "$3" "$4" <<'PY'
import difflib, json, os, sys
root = os.environ["ROOT"]
suite, tid, program, ws = sys.argv[1:]
row = next(json.loads(l) for l in open(f"{root}/{suite}/tasks.jsonl") if json.loads(l)["id"] == tid)
buggy = open(f"{ws}/{program}").read().splitlines()
ref = open(f"{root}/ref/{tid}/{program}").read().splitlines()
got = [l for l in difflib.unified_diff(buggy, ref, lineterm="", n=0)
       if not l.startswith(("---", "+++", "@@"))]
sys.exit(0 if got == row["fix_diff"] and got and row["program"] == program else 1)
PY
}

run_tests() {  # lang dir entry -> prints "pass", "fail" (runtime failure) or "error"
  local lang=$1 dir=$2 entry=$3 rc
  if [ "$lang" = python ]; then
    (cd "$dir" && timeout 120 python3 -m pytest -q >"$dir/.log" 2>&1); rc=$?
    if [ $rc -eq 0 ]; then echo pass; elif [ $rc -eq 1 ]; then echo fail; else echo "error($rc)"; fi
  else
    (cd "$dir" && timeout 600 cargo test --offline >"$dir/.log" 2>&1); rc=$?
    if [ $rc -eq 0 ] && grep -q "test tests::test_$entry ... ok" "$dir/.log"; then echo pass
    elif [ $rc -ne 0 ] && grep -q "test tests::test_$entry ... FAILED" "$dir/.log" \
         && grep -q "panicked" "$dir/.log" && ! grep -q "could not compile" "$dir/.log"; then echo fail
    else echo "error($rc)"; fi
  fi
}

for suite in py rs; do
  while IFS=$'\t' read -r id lang entry program; do
    ws="$ROOT/$suite/workspaces/$id"
    tmp=$(mktemp -d /tmp/$NAME-check.XXXXXX)
    cp -r "$ws/." "$tmp/"
    # 1. buggy program: tests must fail at run time
    total=$((total + 1))
    r=$(run_tests "$lang" "$tmp" "$entry")
    if [ "$r" = fail ]; then pass=$((pass + 1)); else failures+=("$id buggy: $r"); cp "$tmp/.log" "/tmp/$NAME-check-$id-buggy.log"; fi
    # 2. reference program: tests must pass
    total=$((total + 1))
    cp "$ROOT/ref/$id/$program" "$tmp/$program"
    r=$(run_tests "$lang" "$tmp" "$entry")
    if [ "$r" = pass ]; then pass=$((pass + 1)); else failures+=("$id reference: $r"); cp "$tmp/.log" "/tmp/$NAME-check-$id-ref.log"; fi
    # 3. fix_diff equals the reference-vs-buggy diff
    dtotal=$((dtotal + 1))
    if diff_ok "$suite" "$id" "$program" "$ws"; then dpass=$((dpass + 1)); else failures+=("$id fix_diff mismatch"); fi
    rm -rf "$tmp"
  done < <(python3 -c '
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l); print(r["id"], r["lang"], r["entry_point"], r["program"], sep="\t")' "$ROOT/$suite/tasks.jsonl")
done

for f in "${failures[@]+"${failures[@]}"}"; do echo "FAILED: $f"; done
echo "fail/pass checks: $pass/$total passed"
echo "fix_diff checks: $dpass/$dtotal passed"
[ "$pass" -eq "$total" ] && [ "$dpass" -eq "$dtotal" ]
