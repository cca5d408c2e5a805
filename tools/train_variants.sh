#!/usr/bin/env bash
# One self-play TD(λ) run per long-family variant, all at once, each started from the
# shipped long net (long-v4) and played on its own variant's rules: the recipe of the
# per-variant nets in src/nardy/eval/data/README.md (issue 19, part 3).
#
#   tools/train_variants.sh OUT GAMES SECONDS [VARIANT...]
#
# Two runs per variant (a faster and a slower learning rate, so that the arena, not a
# guess, picks the rate); one core each, so 8 variants fill 16 cores. Each run stops at
# GAMES or after SECONDS, whichever comes first, and keeps its snapshots and, when it
# finished, the mean of its last three (average.npz). A run cut by SECONDS still has the
# snapshots written every GAMES/8 games. The nets are then played against long-v4 on
# their variant with bench/strength_long.py (duplicate dice), on any machine.
#
# INIT (default: long-v4) is the net every run starts from; FEATURES (default: INIT's
# own) widens it onto a larger input set first, the new inputs at zero weight. RUNS
# (default "0 1") picks which of the two learning rates run: "0" alone halves the work
# on a small machine.
set -u
out=${1:?OUT}
games=${2:?GAMES}
seconds=${3:?SECONDS}
shift 3
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(long nardgammon crazy gulbara crazy-gulbara khachapuri fevga fevga-giul)
py=${PYTHON:-python3}
export OPENBLAS_NUM_THREADS=1 PYTHONUNBUFFERED=1
init=${INIT:-"$(dirname "$0")/../src/nardy/eval/data/long-v4.npz"}
widen=()
[ -n "${FEATURES:-}" ] && widen=(--features "$FEATURES")
every=$((games / 8))
mkdir -p "$out"
for v in "${variants[@]}"; do
    # long itself is long-v4's own game: 370,000 games in already, so gentler rates.
    if [ "$v" = long ]; then rates=("0.0003 0.00003" "0.0001 0.00001"); else rates=("0.001 0.0001" "0.0003 0.00003"); fi
    for i in ${RUNS:-0 1}; do
        read -r lr lr_end <<<"${rates[$i]}"
        run="$out/$v-$i"
        timeout -s INT "$seconds" "$py" -m nardy.cli train --variant "$v" --init "$init" "${widen[@]}" \
            --games "$games" --lr "$lr" --lr-end "$lr_end" --lam 0.7 --batch-games 4 \
            --minibatch 16 --eval-every "$every" --eval-games 100 --seed $((11 + i)) \
            --average-last 3 --out "$run" --fresh >"$run.log" 2>&1 &
    done
done
wait
for log in "$out"/*.log; do echo "== $log"; grep -a "games/s" "$log" | tail -2; done
