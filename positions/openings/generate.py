import json, random, subprocess, sys
# Usage: python3 positions/openings/generate.py RULES COUNT PLIES SEED > positions/openings/RULES.txt
# (run from the repository root after `cargo build --release`).
B = "target/release/halma"
def moves(rules, played):
    out = subprocess.run([B, "moves", "--rules", rules, "--moves", " ".join(played), "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)
rules, count, plies, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
random.seed(seed)
seen = set()
lines = []
while len(lines) < count:
    played = []
    for _ in range(plies):
        m = moves(rules, played)["moves"]
        played.append(random.choice(m))
    if moves(rules, played)["status"] != "ongoing": continue
    key = " ".join(played)
    if key in seen: continue
    seen.add(key); lines.append(key)
print("# %s openings: %d random plies from the start (seed %d); see README.md" % (rules, plies, seed))
for l in lines: print(l)
