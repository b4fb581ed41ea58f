#!/usr/bin/env python3
"""Time from writing `go` to reading `bestmove` in `halma ugi`, binaries interleaved.

Usage: tools/ugi_latency.py NAME=BINARY [NAME=BINARY ...] [--threads 2,64,256] [--runs 3]

For each thread count and run, each binary in turn: halma16's start position, then
`go p1time 100 p2time 100` and `go movetime 50`; prints the milliseconds of each
(docs/protocol.md, "Threads beyond the cores").
"""
import argparse
import subprocess
import threading
import time


def run(binary, threads):
    p = subprocess.Popen([binary, "ugi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    seen = []

    def read():
        for line in p.stdout:
            if line.startswith(("bestmove", "readyok")):
                seen.append(time.time())

    threading.Thread(target=read, daemon=True).start()

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    for line in ["setoption name Rules value halma16", f"setoption name Threads value {threads}",
                 "position startpos", "isready"]:
        send(line)
    while not seen:
        time.sleep(0.001)
    time.sleep(0.3)
    result = []
    for go in ["go p1time 100 p2time 100", "go movetime 50"]:
        n, sent = len(seen), time.time()
        send(go)
        while len(seen) == n:
            time.sleep(0.0005)
        result.append((seen[-1] - sent) * 1000)
    send("quit")
    p.wait()
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binaries", nargs="+", help="NAME=BINARY")
    ap.add_argument("--threads", default="2,64,256")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    bins = dict(b.split("=", 1) for b in args.binaries)
    for threads in [int(t) for t in args.threads.split(",")]:
        out = {k: [] for k in bins}
        for _ in range(args.runs):
            for name, binary in bins.items():
                out[name].append(run(binary, threads))
        for name in bins:
            clock = " ".join(f"{a:.0f}" for a, _ in out[name])
            movetime = " ".join(f"{b:.0f}" for _, b in out[name])
            print(f"threads {threads} {name}: clock100 {clock}  movetime50 {movetime}")


if __name__ == "__main__":
    main()
