#!/usr/bin/env bash
# One net against the nets shipped today, variant by variant: on each long-family
# variant, WEIGHTS plays the net that variant plays with now (its own, else long-v4) at
# 0 ply with duplicate dice (bench/strength_long.py). The measurement behind "one net
# with variant inputs, or a net per variant" (src/nardy/eval/data/README.md, issue 19).
#
#   tools/compare_variant_nets.sh WEIGHTS GAMES SEED [VARIANT...]
#
# WORKERS (default 2) processes per match; the same games whatever the count.
set -eu
weights=${1:?WEIGHTS}
games=${2:?GAMES}
seed=${3:?SEED}
shift 3
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(long nardgammon crazy gulbara crazy-gulbara khachapuri fevga fevga-giul)
py=${PYTHON:-python3}
here="$(dirname "$0")/.."
export OPENBLAS_NUM_THREADS=1
for v in "${variants[@]}"; do
    shipped=$("$py" -c "import sys; from nardy.eval.net import DATA, shipped_file
from nardy.variants import find_variant
print(DATA / shipped_file(find_variant(sys.argv[1])))" "$v")
    echo "== $v: $(basename "$weights") vs $(basename "$shipped")"
    "$py" "$here/bench/strength_long.py" --variant "$v" --weights "$weights" \
        --opponent-weights "$shipped" --games "$games" --seed "$seed" --workers "${WORKERS:-2}"
done
