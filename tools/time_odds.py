#!/usr/bin/env python3
"""The time-odds table of issue 23 in one command (docs/search.md, "Time odds").

Usage (from the repository root):
  python3 tools/time_odds.py --halma target/release/halma [--out DIR] [--tc 6+0]
      [--opponent fixed3 --opponent fixed2] [--openings FILE] [--engine SPEC]

For each opponent, `halma tournament` plays our engine through the course protocol
(`halma course`, wrapped in tools/course_clock_log.sh to log the clock each move was given)
against a fixed-depth stand-in for the course agents (`fixed2`, `fixed3`: plain alpha-beta at
2 or 3 plies on the bare distance; they read no clock, so the referee's margin is 1000 s and
our own clock is read from the log), every opening of the file in both colours, one game at
a time. Then it prints one Markdown row per opponent: W-D-L, our moves in our wins (mean,
range), the least clock each game gave us (the smallest over the games, the median of the
games), and how many games gave us a clock of 0.050 s or less at some move (a strict clock
would likely have forfeited those). Records and logs stay in DIR.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

# The stand-ins: the course agents search a fixed 2-3 plies on a plain distance evaluation.
STAND_INS = {
    f"fixed{d}": f"alphabeta:depth={d},pruning=off,weight.race=40,weight.straggler=0,"
    f"weight.ladder=0,weight.home=0,weight.tempo=0,name=fixed{d}"
    for d in (1, 2, 3, 4)
}
GAME_LINE = re.compile(r"game (\d+) (\S+) vs (\S+): (\S+) \((.*?), (\d+) plies\)")
NEAR_EMPTY = 0.050


def play(args, opponent, out):
    """Runs one gauntlet; returns the tournament's stdout."""
    log = os.path.join(out, f"{opponent}.log")
    record = os.path.join(out, f"{opponent}.games")
    for stale in (log, record):
        if os.path.exists(stale):
            os.remove(stale)
    wrapper = os.path.abspath("tools/course_clock_log.sh")
    ours = f'course:"{wrapper} {log} {args.halma} course --engine {args.engine}",name=ours'
    cmd = [args.halma, "tournament", "--rules", "halma16-vacate", "--openings", args.openings,
           "--tc", args.tc, "--time-margin", "1000s", "--concurrency", "1", "--rounds", "1",
           "--record", record, "--player", ours, "--player", STAND_INS[opponent]]
    done = subprocess.run(cmd, capture_output=True, text=True)
    with open(os.path.join(out, f"{opponent}.out"), "w") as f:
        f.write(done.stdout + done.stderr)
    if done.returncode != 0:
        sys.exit(f"tournament against {opponent} failed:\n{done.stderr}")
    return done.stdout, log


def least_clocks(log, our_moves):
    """The least clock of each game, from the wrapper's log: the games run one at a time,
    so the log is cut by our moves in each game (A moves on the odd plies); if those do not
    add up to the log (an opening with B to move), a game starts where the clock rises."""
    with open(log) as f:
        clocks = [float(line.split()[0]) for line in f if line.strip()]
    if sum(our_moves) == len(clocks):
        games, at = [], 0
        for n in our_moves:
            games.append(min(clocks[at:at + n], default=float("nan")))
            at += n
        return games
    games, last = [], None
    for left in clocks:
        if last is None or left > last:
            games.append(left)
        games[-1] = min(games[-1], left)
        last = left
    return games


def summary(stdout, log):
    wins = draws = losses = 0
    lengths, our_moves = [], []
    for m in GAME_LINE.finditer(stdout):
        _, a, _b, result, _, plies = m.groups()
        plies = int(plies)
        we_are_a = a == "ours"
        our_moves.append((plies + 1) // 2 if we_are_a else plies // 2)
        if result not in ("1-0", "0-1"):
            draws += 1
        elif (result == "1-0") == we_are_a:
            wins += 1
            lengths.append((plies + 1) // 2 if we_are_a else plies // 2)
        else:
            losses += 1
    clocks = least_clocks(log, our_moves)
    moves = (f"{statistics.mean(lengths):.1f} ({min(lengths)}-{max(lengths)})"
             if lengths else "-")
    near = sum(c <= NEAR_EMPTY for c in clocks)
    clock = (f"{min(clocks):.3f} s, median {statistics.median(clocks):.3f} s"
             if clocks else "-")
    return f"{wins}-{draws}-{losses} | {moves} | {clock} | {near} of {len(clocks)}"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--halma", required=True, help="the binary under test (it also referees)")
    p.add_argument("--out", default="time-odds", help="directory for records and logs")
    p.add_argument("--tc", default="6+0", help="our clock for the whole game")
    p.add_argument("--opponent", action="append", choices=sorted(STAND_INS),
                   help="a stand-in, repeatable: fixed1 to fixed4 (default: fixed3, then fixed2)")
    p.add_argument("--openings", default="positions/openings/halma16-vacate.txt")
    p.add_argument("--engine", default="alphabeta", help="halma course's --engine spec")
    args = p.parse_args()
    args.halma = os.path.abspath(args.halma)
    if not os.path.isfile("tools/course_clock_log.sh"):
        sys.exit("time_odds: run it from the repository root (tools/course_clock_log.sh not found)")
    if not (os.path.isfile(args.halma) and os.access(args.halma, os.X_OK)):
        sys.exit(f"time_odds: --halma {args.halma} is not an executable file")
    if not os.path.isfile(args.openings):
        sys.exit(f"time_odds: --openings {args.openings} is not a file")
    os.makedirs(args.out, exist_ok=True)
    print("| opponent | W-D-L | our moves in our wins | our least clock in a game: least, "
          f"median | games with a clock of {NEAR_EMPTY:.3f} s or less |")
    print("|---|---|---|---|---|")
    for opponent in args.opponent or ["fixed3", "fixed2"]:
        stdout, log = play(args, opponent, args.out)
        print(f"| `{opponent}` | {summary(stdout, log)} |", flush=True)


if __name__ == "__main__":
    main()
