#!/usr/bin/env python3
"""Where a player's 16x16 games are won and lost: its race, phase by phase.

Reads a game-record file (docs/game-record.md) of two-player 16x16 games (halma16,
halma16-vacate) and, for the player named PLAYER, prints two tables:

* how many cells it is ahead of its opponent after 20, 40, 80 and 120 plies (mean and
  standard deviation over its games; negative = ahead), and
* in its wins, how many of its own moves each phase of its race took, the phases cut at
  its cells to go (400, 200, 100, 50, 20, and the win), then its moves in all.

"Cells to go" here is the sum over a side's pieces of u + v to its goal corner (the
Manhattan distance on the square board), less that of a full goal (60): 450 at the start.
It is the axis part of the evaluation's distance, enough to compare phases and players;
it can reach 0 a move or two before the win (a piece on an edge cell beside the goal).

Usage: python3 tools/race_phases.py FILE PLAYER [FILE PLAYER ...]
Example (docs/search.md, "Where the time-odds games are won"):
  python3 tools/race_phases.py time-odds/fixed3.games ours
"""

import re
import statistics
import sys

MAX_BYTES = 256 << 20
SIZE = 16
FULL_GOAL = 60
PHASES = (400, 200, 100, 50, 20)
PLIES = (20, 40, 80, 120)
# Where each side's cells to go stand in an entry of `replay`.
COLUMN = {"A": 1, "B": 2}


def read_games(path):
    """The games of a record file: a list of (tags, move tokens)."""
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"{path}: larger than {MAX_BYTES} bytes")
    games, tags, moves = [], None, []
    for line in data.decode("utf-8").splitlines():
        tag = re.match(r'\[(\w+) "(.*)"\]\s*$', line)
        if tag and tag.group(1) == "Game":
            tags, moves = {}, []
            games.append((tags, moves))
        if tag and tags is not None:
            tags[tag.group(1)] = tag.group(2)
        elif tags is not None:
            moves.extend(t for t in line.split() if re.fullmatch(r"[a-p]\d+(-[a-p]\d+)+", t))
    return games


def cell(text):
    """(column, row), both from 0, of a cell's name such as "c7"."""
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


def start_board(start):
    """The pieces of a "RULES FIELDS SIDE ..." position text: {(column, row): side}."""
    parts = start.split()
    if len(parts) < 3 or parts[0] not in ("halma16", "halma16-vacate"):
        raise ValueError(f"not a two-player 16x16 position: {start!r}")
    board = {}
    for i, row in enumerate(parts[1].split("/")):
        column = 0
        for run, piece in re.findall(r"(\d+)|([AB])", row):
            if run:
                column += int(run)
            else:
                board[(column, SIZE - 1 - i)] = piece
                column += 1
    return board


def cells_to_go(board, side):
    """The side's u + v to its goal corner (A: p16, B: a1), less a full goal's."""
    total = 0
    for (column, row), piece in board.items():
        if piece == side:
            total += (2 * (SIZE - 1) - column - row) if side == "A" else column + row
    return total - FULL_GOAL


def replay(tags, moves):
    """After every ply: (the side that moved, A's cells to go, B's)."""
    board = start_board(tags["Start"])
    line = []
    for token in moves:
        names = token.split("-")
        piece = board.pop(cell(names[0]))
        board[cell(names[-1])] = piece
        line.append((piece, cells_to_go(board, "A"), cells_to_go(board, "B")))
    return line


def mean(values):
    """The mean of a list to one decimal, or '-' if empty."""
    return f"{statistics.mean(values):.1f}" if values else "-"


def mean_sd(values):
    """'mean (sd x)' of a list, or '-' if empty."""
    if not values:
        return "-"
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{mean(values)} (sd {sd:.1f})"


def report(path, player):
    """Prints the two tables for `player` in the record at `path`."""
    ahead = {p: [] for p in PLIES}
    phases, lengths, played, won = [], [], 0, 0
    for tags, moves in read_games(path):
        if player not in (tags.get("A"), tags.get("B")):
            continue
        side = "A" if tags.get("A") == player else "B"
        other = "B" if side == "A" else "A"
        line = replay(tags, moves)
        if not line:
            continue
        played += 1
        for p in PLIES:
            at = line[min(p, len(line)) - 1]
            ahead[p].append(at[COLUMN[side]] - at[COLUMN[other]])
        result = tags.get("Result", "")
        if result != ("1-0" if side == "A" else "0-1"):
            continue
        won += 1
        own = [entry[COLUMN[side]] for entry in line if entry[0] == side]
        # A phase the win came before (a goal filled with cells still to go) ends at the win.
        cut = [next((i + 1 for i, v in enumerate(own) if v <= limit), len(own)) for limit in PHASES]
        cut.append(len(own))
        phases.append([b - a for a, b in zip([0] + cut[:-1], cut)])
        lengths.append(len(own))
    print(f"{path}: {player}, {played} games, {won} won")
    print("| cells ahead after ply | " + " | ".join(str(p) for p in PLIES) + " |")
    print("|---" * (len(PLIES) + 1) + "|")
    print("| mean (sd), negative = ahead | " + " | ".join(mean_sd(ahead[p]) for p in PLIES) + " |")
    heads = ["450→400"] + [f"{a}→{b}" for a, b in zip(PHASES, PHASES[1:])]
    heads.append(f"{PHASES[-1]}→won")
    print("| own moves in wins, cells to go | " + " | ".join(heads) + " | all |")
    print("|---" * (len(heads) + 2) + "|")
    columns = [mean([row[i] for row in phases]) for i in range(len(heads))]
    print("| mean | " + " | ".join(columns) + f" | {mean_sd(lengths)} |")


def main(argv):
    if len(argv) < 2 or len(argv) % 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        for path, player in zip(argv[::2], argv[1::2]):
            report(path, player)
    except (OSError, ValueError, KeyError) as err:
        print(f"race_phases: {err!r}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
