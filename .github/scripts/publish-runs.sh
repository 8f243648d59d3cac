#!/usr/bin/env bash
# Appends the nightly's run folders to the data branch, checked out as a worktree at <worktree>: each run folder
# found under <incoming> goes to runs/<suite>/jdk<N>/<folder>, and the branch is committed and pushed. The branch is
# created, without history, the first time.
# Usage: publish-runs.sh <incoming> <worktree> <branch>
set -euo pipefail
incoming=${1:?usage: publish-runs.sh <incoming> <worktree> <branch>}
worktree=${2:?usage: publish-runs.sh <incoming> <worktree> <branch>}
branch=${3:?usage: publish-runs.sh <incoming> <worktree> <branch>}
if git fetch --depth=1 origin "$branch:$branch" 2> /dev/null; then
  git worktree add "$worktree" "$branch"
else
  git worktree add --detach "$worktree"
  git -C "$worktree" checkout --orphan "$branch"
  git -C "$worktree" rm -rfq .
  printf '# wirebench nightly runs\n\nOne folder per run: runs/<suite>/jdk<N>/<run folder>, appended by the nightly workflow.\n' \
    > "$worktree/README.md"
fi
count=0
while IFS= read -r results; do
  folder=$(dirname "$results")
  read -r suite jdk < <(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["suite"], r["environment"].get("jdk", {}).get("version", "unknown").split(".")[0])' "$results")
  target="$worktree/runs/$suite/jdk$jdk/$(basename "$folder")"
  mkdir -p "$(dirname "$target")"
  cp -r "$folder" "$target"
  rm -rf "$target/compare"
  count=$((count + 1))
done < <(find "$incoming" -name results.json -not -path '*/compare/*')
echo "publish-runs: $count run folders added to $branch"
git -C "$worktree" add -A
git -C "$worktree" -c user.name="wirebench nightly" -c user.email="nightly@users.noreply.github.com" \
  commit -q -m "nightly: $count run folders" || { echo "publish-runs: nothing new"; exit 0; }
git -C "$worktree" push origin "$branch"
