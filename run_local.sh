#!/usr/bin/env bash
# Run Doppel's main job on the bundled samples, English -> Spanish, fully offline (Apertium).
# Uses ./.venv if present (the README's set-up command creates it).
set -euo pipefail
cd "$(dirname "$0")"
PY=python3
[ -x .venv/bin/python ] && PY=.venv/bin/python
OUT="${1:-local-output}"
: "${DOPPEL_SECRET:=local-demo-secret}"   # fixed so reruns give the same pseudonyms
export DOPPEL_SECRET
rm -rf "$OUT"
"$PY" -m pipelines.translate \
  --input 'resources/samples/*.jsonl,resources/samples/*.xlf' \
  --deny-list resources/samples/deny-list.tsv \
  --output "$OUT" --source-lang en --target-lang es --engine apertium
echo
echo "Translated documents: $OUT/"
ls -1 "$OUT" | sed 's/^/  /'
echo "MT payloads exactly as sent: $OUT/audit/requests-*.jsonl"
echo "Counts and failures: $OUT/summary.json"
