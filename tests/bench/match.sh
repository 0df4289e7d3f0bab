#!/usr/bin/env bash
# Strength benchmark of the computer player: matches of `zilo` (and one
# each of `pillage`, `venomous` and `cyvasse`) games between the levels and the reference players, with the targets
# each must meet. Usage (from anywhere):
#
#   tests/bench/match.sh [GAMES] [SEED]        # default 100 games, seed 1
#
# Every game replays exactly from the seed (the levels are node-limited in
# matches), whatever the number of threads. Prints one line per match and a
# Markdown table; exits 1 if a target is missed.
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${1:-100}
SEED=${2:-1}
cargo build --release --quiet
ZILO=target/release/zilo

# variant a b target-kind target-value
MATCHES=(
  "zilo level:3 random score 0.90"
  "zilo level:3 greedy score 0.75"
  "zilo level:2 level:1 decisive 0.60"
  "zilo level:3 level:2 decisive 0.60"
  "zilo level:4 level:3 decisive 0.60"
  "zilo level:5 level:4 decisive 0.60"
  "pillage level:3 random score 0.90"
  "venomous level:3 random score 0.90"
  "cyvasse level:3 random score 0.90"
)

rows=()
failed=0
for spec in "${MATCHES[@]}"; do
  read -r variant a b kind target <<<"$spec"
  out=$("$ZILO" match "$variant" --games "$GAMES" --seed "$SEED" --a "$a" --b "$b")
  wdl=$(grep '^wins ' <<<"$out")
  wins=$(awk '{print $2}' <<<"$wdl"); draws=$(awk '{print $4}' <<<"$wdl"); losses=$(awk '{print $6}' <<<"$wdl")
  score=$(awk '/^score /{print $2}' <<<"$out")
  decisive=$(awk '/^score /{print $4}' <<<"$out")
  elo=$(sed -n 's/^elo //p' <<<"$out")
  secs=$(awk '/^plies /{print $4}' <<<"$out")
  got=$([ "$kind" = score ] && echo "$score" || echo "$decisive")
  ok=$(awk -v g="$got" -v t="$target" 'BEGIN{print (g >= t) ? "yes" : "NO"}')
  [ "$ok" = yes ] || failed=1
  echo "$variant $a vs $b: +$wins =$draws -$losses score $score decisive $decisive elo $elo (${secs}s) target $kind >= $target: $ok" >&2
  rows+=("| $variant | $a | $b | $wins | $draws | $losses | $score | $decisive | $elo | $kind ≥ $target | $ok |")
done

echo
echo "zilo match, $GAMES games per pair, seed $SEED (openings: 2-4 random plies, each played with both colours; draw adjudicated after 300 plies)"
echo
echo "| variant | A | B | A wins | draws | A losses | A score | A share of decisive | Elo A-B (95%) | target | met |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
exit $failed
