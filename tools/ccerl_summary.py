#!/usr/bin/env python3
"""Summarise CCERL referee records (tools/ccp_referee.py JSONL) for one engine.

Usage: tools/ccerl_summary.py --engine LABEL [--anchor-elo 737] FILE...

Prints, per opponent: games, W-D-L, score, the Elo difference with a 95% interval
(Wilson score interval, so a perfect score still gives a finite lower bound), the
rating it implies when the opponent's ladder rating is --anchor-elo, how games ended,
forfeits (protocol errors, illegal moves) and the mean length of our wins in plies.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter, defaultdict


def elo(score: float) -> float:
    """Elo difference for an expected score (infinite at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def wilson(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a score rate (draws count half)."""
    if games == 0:
        return 0.0, 1.0
    p = points / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="our engine's label in the records")
    parser.add_argument("--anchor-elo", type=float, default=737.0, help="the opponent's ladder rating")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()

    rows: dict[str, dict] = defaultdict(lambda: {"w": 0, "d": 0, "l": 0, "reasons": Counter(), "win_plies": [], "wins_by_side": [0, 0]})
    for path in args.files:
        start = None
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                record = json.loads(line)
                if record.get("type") == "ccp_game_start":
                    start = record
                elif record.get("type") == "ccp_game_end" and start is not None:
                    if args.engine not in (start["p0"], start["p1"]):
                        start = None
                        continue
                    side = 0 if start["p0"] == args.engine else 1
                    opponent = start["p1"] if side == 0 else start["p0"]
                    row = rows[opponent]
                    played = record["plies"] - start.get("initial_ply", 0)
                    if record.get("draw") or record.get("winner") is None:
                        row["d"] += 1
                        outcome = "draw"
                    elif int(record["winner"]) == side:
                        row["w"] += 1
                        row["win_plies"].append(played)
                        row["wins_by_side"][side] += 1
                        outcome = "win"
                    else:
                        row["l"] += 1
                        outcome = "loss"
                    row["reasons"][f"{outcome}:{record.get('reason')}"] += 1
                    start = None

    for opponent, row in sorted(rows.items()):
        games = row["w"] + row["d"] + row["l"]
        points = row["w"] + 0.5 * row["d"]
        low, high = wilson(points, games)
        forfeits = sum(n for key, n in row["reasons"].items() if key.split(":", 1)[1] in ("protocol_error", "illegal_move"))
        mean_win = sum(row["win_plies"]) / len(row["win_plies"]) if row["win_plies"] else float("nan")
        print(f"{args.engine} vs {opponent}: {games} games, W-D-L {row['w']}-{row['d']}-{row['l']}, "
              f"score {points / games:.3f} [{low:.3f}, {high:.3f}]")
        print(f"  Elo difference {elo(points / games):+.0f} [{elo(low):+.0f}, {elo(high):+.0f}]; "
              f"rating with {opponent} = {args.anchor_elo:.0f}: {args.anchor_elo + elo(points / games):.0f} "
              f"[{args.anchor_elo + elo(low):.0f}, {args.anchor_elo + elo(high):.0f}]")
        print(f"  wins as first / second player: {row['wins_by_side'][0]} / {row['wins_by_side'][1]}; "
              f"mean plies played in our wins: {mean_win:.1f}; forfeits: {forfeits}")
        print("  endings: " + ", ".join(f"{key} {n}" for key, n in sorted(row["reasons"].items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
