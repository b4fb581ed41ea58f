#!/usr/bin/python3
"""The web page in a real browser: headless Chromium driven through WebDriver (Selenium).

Starts `halma serve --port 0`, loads the page and plays by clicking, as a person would:
* a whole short game on halma8 against the engine (alpha-beta, 100 ms a move), set up from a
  near-end position through the page's own form: A (the person) needs two moves to fill
  its goal, the engine answers in between; the moves, the move list and the final status
  must appear;
* one move each on the diamond, the star with six sides and 16x16 with four sides;
* Top Secret's first drop: its cells lit at once, one click;
* the picture of every game, as the page shows it: each file's letter on the line of its
  cells and each rank's number at its cells' height, every file and rank labelled, no label
  on a cell; goal camps tinted in both sides' colours and Hexma's goal edges ringed;
* an analysis with three lines: its arrows in the movers' colours, no two lying on one
  another;
* Lehrma after a move: the last move's arrow under the pieces, its head ending at the moved
  piece's rim, so the piece's letter stays readable;
* a window 380 px wide: nothing wider than the window (no sideways scrolling), the board
  scaled down and the panels stacked below it;
and saves a screenshot of each board. With --measure it also prints the click-to-reply
times at 100 ms a move and the page's render time of the star's picture.

Usage: page_test.py HALMA_BINARY SCREENSHOT_DIR [--measure]
"""

import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

NEAR_END = "halma8 4AAAA/5AAA/B5AA/8/8/BB4A1/BBB5/BBBB4 A 30,30"
# Top Secret after the drops: A's stone on p10, an edge cell, may bear off (p10-off).
BEAR_OFF = "topsecret 16/16/16/16/16/16/15A/16/B14B/16/16/16/16/9B6/16/16 A 74,74 0,0"


def start_server(binary):
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    url = re.search(r"open (http://\S+)", line)
    if not url:
        server.kill()
        raise SystemExit("halma serve printed no URL: " + line)
    return server, url.group(1)


def browser():
    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1100"]:
        options.add_argument(arg)
    for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]:
        try:
            open(path).close()
            options.binary_location = path
            break
        except OSError:
            pass
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def state(driver):
    return driver.execute_script("return window.halma.state")


def wait_for(driver, what, check, seconds=30):
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: check(d))
    except Exception as e:
        print("last error:", repr(e))
        status = driver.find_element(By.ID, "status").text
        raise SystemExit(f"timed out waiting for {what}; status: {status}; moves: "
                         f"{moves_listed(driver)}")


def new_game(driver, rules, players, position=""):
    """Fills the page's new-game form and waits for the game."""
    text = driver.find_element(By.ID, "rules-text")
    text.clear()
    Select(driver.find_element(By.ID, "rules")).select_by_visible_text(rules)
    driver.execute_script("document.getElementById('setup-position').value = arguments[0];"
                          "document.getElementById('setup-record').value = '';", position)
    for side, (kind, ms) in enumerate(players):
        Select(driver.find_element(By.ID, f"player-{side}")).select_by_visible_text(kind)
        box = driver.find_element(By.ID, f"time-{side}")
        box.clear()
        box.send_keys(str(ms))
    old = driver.execute_script("return window.halma.id")
    driver.find_element(By.ID, "new-game").click()
    wait_for(driver, "the new game", lambda d: d.execute_script(
        "return window.halma.state && window.halma.id !== arguments[0]", old))
    return state(driver)


def click_move(driver, move_from, move_to):
    """Clicks a piece, checks its destinations light up, clicks the destination."""
    driver.find_element(By.CSS_SELECTOR, f'#board .piece[data-cell="{move_from}"]').click()
    lit = driver.find_elements(By.CSS_SELECTOR, "#board .cell.dest")
    names = {e.get_attribute("data-cell") for e in lit}
    if move_to not in names:
        raise SystemExit(f"{move_from}: {move_to} not lit (lit: {sorted(names)})")
    driver.find_element(By.CSS_SELECTOR, f'#board .cell[data-cell="{move_to}"]').click()


def moves_listed(driver):
    """The move list's texts (read in one script: the list is redrawn while we read)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#moves span.mv')].map(e => e.textContent)")


def thinking(driver):
    return driver.execute_script("return window.halma.state.thinking")


def screenshot(driver, folder, name):
    driver.find_element(By.ID, "board-box").screenshot(f"{folder}/{name}.png")
    print(f"screenshot {folder}/{name}.png")


def whole_game(driver, folder):
    new_game(driver, "halma8", [("human", 100), ("alphabeta", 100)], NEAR_END)
    click_move(driver, "g3", "h4")
    wait_for(driver, "the engine's reply", lambda d: len(moves_listed(d)) == 2
             and not thinking(d))
    listed = moves_listed(driver)
    assert listed[0] == "g3-h4", listed
    click_move(driver, "h4", "h5")
    wait_for(driver, "the end", lambda d: d.execute_script(
        "return document.getElementById('status').dataset.over") == "1")
    status = driver.find_element(By.ID, "status").text
    assert "Game over" in status and "A wins" in status, status
    listed = moves_listed(driver)
    assert listed[-1] == "h4-h5" and len(listed) == 3, listed
    print("halma8: " + " ".join(listed) + " -> " + status)
    screenshot(driver, folder, "halma8-end")


def one_move(driver, folder, rules, sides, name):
    s = new_game(driver, rules, [("human", 100)] * sides)
    # The first move with a jump path if there is one, else the first move.
    legal = [m for m in s["legal"] if m["from"]]
    move = next((m for m in legal if m["path"].count("-") > 1), legal[0])
    click_move(driver, move["from"], move["to"])
    wait_for(driver, f"{rules}'s move", lambda d: moves_listed(d) == [move["move"]])
    print(f"{rules}: {move['move']} ({move['path']}) listed")
    time.sleep(0.6)
    screenshot(driver, folder, name)


def drop(driver, folder):
    """Top Secret's first move: a drop, its cells lit at once, one click."""
    s = new_game(driver, "topsecret", [("human", 100), ("human", 100)])
    lit = driver.execute_script(
        "return [...document.querySelectorAll('#board .cell.dest')].map(e => e.dataset.cell)")
    drops = sorted(m["to"] for m in s["legal"])
    assert sorted(lit) == drops and len(drops) == 36, (lit, drops)
    driver.find_element(By.CSS_SELECTOR, '#board .cell[data-cell="h8"]').click()
    wait_for(driver, "the drop", lambda d: moves_listed(d) == ["@h8"])
    print("topsecret: @h8 listed")
    screenshot(driver, folder, "topsecret")


def bear_off(driver):
    """Top Secret's bear-off, a move without a cell to click: its button, offered once the
    piece is selected, plays it."""
    new_game(driver, "topsecret", [("human", 100), ("human", 100)], BEAR_OFF)
    driver.find_element(By.CSS_SELECTOR, '#board .piece[data-cell="p10"]').click()
    wait_for(driver, "the bear-off button", lambda d: d.execute_script(
        "return [...document.querySelectorAll('#extra-moves button')]"
        ".some(b => b.textContent === 'p10-off')"))
    for b in driver.find_elements(By.CSS_SELECTOR, "#extra-moves button"):
        if b.text == "p10-off":
            b.click()
            break
    wait_for(driver, "the bear-off", lambda d: moves_listed(d) == ["p10-off"])
    print("topsecret: p10-off listed")


# The games whose pictures are checked, with the side colours their goal marks must show
# (every game whose goal is a region or an edge; Top Secret's goal is to bear off).
PICTURES = ["halma8", "halma16-4", "diamond", "star-6", "square6", "ccerl", "embargo",
            "legrec", "renpaarden", "carrera", "caeser", "zug", "hexma", "lehrma",
            "topsecret"]
RED, BLUE = "#d62728", "#1f5fbf"


def load(driver, rules, moves=""):
    """A new game of `rules` (every side a person) after `moves`, shown by the page itself
    (its own api and refresh); returns its state."""
    return driver.execute_async_script("""
        const [rules, moves, done] = arguments;
        const body = { rules };
        if (moves) body.moves = moves;
        api("POST", "/api/games", body).then(async (g) => {
          window.halma.id = g.id; window.halma.ply = null; window.halma.state = null;
          await refresh(); await rendering; done(window.halma.state);
        }).catch((e) => done({ error: String(e) }));""", rules, moves)


# The page's picture read through the DOM: cell centres by name, the labels, the goal
# marks (each mark's colours), in the SVG's own coordinates.
READ_PICTURE = """
    const svg = document.querySelector('#board svg');
    const num = (e, a) => +e.getAttribute(a);
    const cells = {};
    svg.querySelectorAll('.cell[data-cell]').forEach((e) => {
      cells[e.dataset.cell] = e.tagName === 'circle' ? [num(e, 'cx'), num(e, 'cy')]
        : [num(e, 'x') + num(e, 'width') / 2, num(e, 'y') + num(e, 'height') / 2];
    });
    const labels = [...svg.querySelectorAll('.labels text')].map((e) => ({
      axis: e.classList.contains('file') ? 'file' : 'rank', text: e.textContent,
      x: num(e, 'x'), y: num(e, 'y') }));
    const tints = [...svg.querySelectorAll('.tint')].map((e) => e.getAttribute('fill'));
    const edges = [...svg.querySelectorAll('.goal-edge')].map((g) =>
      [...g.querySelectorAll('circle')].map((c) => c.getAttribute('stroke')));
    return { cells, labels, tints, edges };"""


def check_picture(rules, pic):
    """Every file and rank labelled on its own line, no label on a cell; the goal marks."""
    cells = {name: tuple(c) for name, c in pic["cells"].items()}
    assert cells, rules
    key = {"file": lambda n: n[0], "rank": lambda n: n[1:]}
    for axis in ["file", "rank"]:
        labels = [l for l in pic["labels"] if l["axis"] == axis]
        names = {key[axis](n) for n in cells}
        missing = names - {l["text"] for l in labels}
        assert not missing, f"{rules}: no {axis} label for {sorted(missing)}"
        for l in labels:
            line = [c for n, c in cells.items() if key[axis](n) == l["text"]]
            assert line, f"{rules}: {axis} label {l['text']} names no cell"
            for (cx, cy) in line:
                d = ((l["x"] - cx) ** 2 + (l["y"] - cy) ** 2) ** 0.5
                assert d > 20, f"{rules}: {axis} {l['text']} on a cell ({d:.1f} px)"
            if axis == "rank":
                assert all(abs(cy - l["y"]) < 0.2 for _, cy in line), \
                    f"{rules}: rank {l['text']} at y {l['y']}, its cells at {line}"
            elif len(line) >= 2:
                (ax, ay), (bx, by) = min(line, key=lambda c: c[1]), max(line, key=lambda c: c[1])
                off = abs((l["x"] - ax) * (by - ay) - (l["y"] - ay) * (bx - ax)) / \
                    ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
                assert off < 0.5, f"{rules}: file {l['text']} {off:.1f} px off its line"
    if rules == "hexma":
        assert len(pic["edges"]) == 34, f"hexma: {len(pic['edges'])} goal-edge cells ringed"
        assert all(set(e) == {RED, BLUE} for e in pic["edges"]), pic["edges"][:3]
    elif rules != "topsecret":
        assert {RED, BLUE} <= set(pic["tints"]), f"{rules}: camps tinted {set(pic['tints'])}"


def pictures(driver, folder):
    for rules in PICTURES:
        s = load(driver, rules)
        assert "error" not in s, (rules, s)
        check_picture(rules, driver.execute_script(READ_PICTURE))
        if rules in ("hexma", "caeser", "star-6", "legrec", "embargo"):
            screenshot(driver, folder, "labels-" + rules)
    print("pictures: every file and rank labelled on its line, goal marks, "
          + str(len(PICTURES)) + " games")


# The analysis's arrows: each arrow's colour and its hop lines.
READ_ARROWS = """
    const svg = document.querySelector('#board svg');
    return [...svg.querySelectorAll('.arrows .arrow')].filter((g) =>
      !g.classList.contains('last-move')).map((g) => ({ colour: g.getAttribute('stroke'),
      hops: [...g.querySelectorAll('.hop')].map((h) =>
        ['x1', 'y1', 'x2', 'y2'].map((a) => +h.getAttribute(a))) }));"""


def on_one_another(a, b):
    """Whether hop lines a and b lie within 3 px of one another along more than 3 px."""
    (ax, ay, bx, by) = a
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    if length < 1:
        return False
    ux, uy = (bx - ax) / length, (by - ay) / length
    off = [abs((px - ax) * uy - (py - ay) * ux) for px, py in (b[:2], b[2:])]
    if max(off) > 3:
        return False
    along = sorted((px - ax) * ux + (py - ay) * uy for px, py in (b[:2], b[2:]))
    return min(along[1], length) - max(along[0], 0) > 3


def analysis(driver, folder):
    """halma8's start, three lines of alpha-beta: arrows in the movers' colours (A red, B
    blue: the best line's first three moves alternate), none on another."""
    load(driver, "halma8")
    driver.find_element(By.ID, "an-multipv").clear()
    driver.find_element(By.ID, "an-multipv").send_keys("3")
    driver.find_element(By.ID, "an-start").click()
    wait_for(driver, "three analysis lines", lambda d: d.execute_script(
        "const s = window.halma.state.search; return s && s.info && s.info.lines.length >= 3"
        " && s.info.depth >= 4"))
    time.sleep(0.4)
    driver.find_element(By.ID, "an-stop").click()
    wait_for(driver, "the analysis to stop", lambda d: not thinking(d))
    driver.execute_script("return refresh()")
    time.sleep(0.3)
    arrows = driver.execute_script(READ_ARROWS)
    colours = [a["colour"] for a in arrows]
    assert len(arrows) >= 4 and set(colours) == {RED, BLUE}, colours
    hops = [(i, h) for i, a in enumerate(arrows) for h in a["hops"]]
    for i, a in hops:
        for j, b in hops:
            assert i == j or not on_one_another(a, b), f"arrows {i} and {j} overlap: {a} {b}"
    print(f"analysis: {len(arrows)} arrows, colours {sorted(set(colours))}, none overlapping")
    screenshot(driver, folder, "analysis-arrows")


def lehrma_last_move(driver, folder):
    """Lehrma after A's first move: the last move's arrow lies under the pieces and its head
    stops at the moved piece's rim, leaving its letter readable."""
    first = load(driver, "lehrma")["legal"][0]
    s = load(driver, "lehrma", first["move"])
    to = s["moves"][-1]["path"].split("-")[-1]
    found = driver.execute_script("""
        const svg = document.querySelector('#board svg');
        const groups = [...svg.children].map((e) => e.getAttribute('class'));
        const hop = [...svg.querySelectorAll('.arrow.last-move .hop')].pop();
        const piece = svg.querySelector('.piece[data-cell="' + arguments[0] + '"]');
        const c = piece.querySelector('circle');
        return { groups, letter: !!piece.querySelector('text'),
                 end: ['x1', 'y1', 'x2', 'y2'].map((a) => +hop.getAttribute(a)),
                 centre: [+c.getAttribute('cx'), +c.getAttribute('cy')], r: +c.getAttribute('r') };
        """, to)
    g = found["groups"]
    assert g.index("arrows under") < g.index("pieces") < g.index("arrows"), g
    (ax, ay, bx, by), (cx, cy) = found["end"], found["centre"]
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    tip = (bx + (bx - ax) / length * 6.4, by + (by - ay) / length * 6.4)
    gap = ((tip[0] - cx) ** 2 + (tip[1] - cy) ** 2) ** 0.5
    assert gap >= found["r"], f"lehrma: the head reaches {gap:.1f} px from {to}'s centre"
    print(f"lehrma: {first['move']}: the last move's arrow under the pieces, its head "
          f"{gap:.1f} px from {to}'s centre (piece radius {found['r']})"
          + (", the piece lettered" if found["letter"] else ""))
    screenshot(driver, folder, "lehrma-last-move")


def narrow(driver, folder):
    """A window 380 px wide: nothing scrolls sideways, the board fits, the panels stack."""
    driver.set_window_size(380, 900)
    try:
        for rules in ["star-6", "halma16-4"]:
            load(driver, rules)
            time.sleep(0.3)
            m = driver.execute_script("""
                const b = document.querySelector('#board svg').getBoundingClientRect();
                const side = document.getElementById('side').getBoundingClientRect();
                const box = document.getElementById('board-box').getBoundingClientRect();
                return { scroll: document.documentElement.scrollWidth, inner: innerWidth,
                         board: b.right, width: b.width, side: side.top, box: box.bottom };""")
            assert m["inner"] <= 400, m
            assert m["scroll"] <= m["inner"], f"{rules}: scrolls sideways: {m}"
            assert m["board"] <= m["inner"] and m["width"] > 0.75 * m["inner"], f"{rules}: {m}"
            assert m["side"] >= m["box"] - 1, f"{rules}: the panels are not below the board: {m}"
            print(f"narrow: {rules} at {m['inner']} px: page {m['scroll']} px wide, board "
                  f"{m['width']:.0f} px, panels below")
        driver.save_screenshot(f"{folder}/narrow.png")
        print(f"screenshot {folder}/narrow.png")
    finally:
        driver.set_window_size(1400, 1100)


def measure(driver, folder):
    new_game(driver, "halma8", [("human", 100), ("alphabeta", 100)])
    replies = []
    for k in range(5):
        s = state(driver)
        legal = [m for m in s["legal"] if m["from"]]
        move = legal[k % len(legal)]
        start = time.monotonic()
        click_move(driver, move["from"], move["to"])
        n = len(s["moves"]) + 2
        wait_for(driver, "reply", lambda d: len(moves_listed(d)) == n and not thinking(d))
        replies.append((time.monotonic() - start) * 1000)
    print("click to reply at 100 ms a move (ms, driver clock):",
          ", ".join(f"{r:.0f}" for r in replies))
    print("  page's own clock (ms):", driver.execute_script(
        "return window.halma.timings.replies.map(Math.round)"))
    new_game(driver, "star-6", [("human", 100)] * 6)
    renders = []
    for _ in range(10):
        renders.append(driver.execute_script(
            "const t0 = performance.now();"
            "document.getElementById('board').innerHTML = window.halma.state.svg;"
            "document.getElementById('board').getBoundingClientRect();"
            "return performance.now() - t0;"))
    print("star-6 render (ms, insert + layout):", ", ".join(f"{r:.1f}" for r in renders))


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    binary, folder = sys.argv[1], sys.argv[2]
    server, url = start_server(binary)
    driver = None
    try:
        driver = browser()
        driver.get(url)
        wait_for(driver, "the page", lambda d: d.execute_script(
            "return window.halma && window.halma.state !== null"))
        whole_game(driver, folder)
        one_move(driver, folder, "diamond", 2, "diamond")
        one_move(driver, folder, "star-6", 6, "star-6")
        one_move(driver, folder, "halma16-4", 4, "halma16-4")
        drop(driver, folder)
        bear_off(driver)
        pictures(driver, folder)
        analysis(driver, folder)
        lehrma_last_move(driver, folder)
        narrow(driver, folder)
        if "--measure" in sys.argv:
            measure(driver, folder)
        print("browser test passed")
    finally:
        if driver:
            driver.quit()
        server.kill()


if __name__ == "__main__":
    main()
