#!/usr/bin/env bash
# Writes the list of files of the ODE repository at the pinned release (ODE_RELEASE in site.constants.ts) to
# tests/fixtures/ode-tree/<release>.txt. Tests check every upstream file the pages name against it, without
# network access. Run it when the pinned release changes, with a clone of OpenDataEnsemble/ode:
#   bash scripts/ode-tree.sh /path/to/ode
set -euo pipefail
ode_repo=${1:?usage: bash scripts/ode-tree.sh /path/to/a/clone/of/OpenDataEnsemble/ode}
root=$(cd "$(dirname "$0")/.." && pwd)
release=$(sed -n "s/^export const ODE_RELEASE = '\(.*\)';/\1/p" "$root/site.constants.ts")
[ -n "$release" ] || { echo "ode-tree: ODE_RELEASE not found in site.constants.ts" >&2; exit 1; }
out="$root/tests/fixtures/ode-tree/$release.txt"
git -C "$ode_repo" ls-tree -r --name-only "$release" > "$out"
echo "ode-tree: $(wc -l < "$out") files of ODE $release written to ${out#"$root"/}"
