#!/usr/bin/python3
"""The web page in a real browser: headless Chromium driven through WebDriver (Selenium).

Starts `halma serve --port 0`, loads the page and plays by clicking, as a person would:
* a whole short game on halma8 against the engine (alpha-beta, 100 ms a move), set up from a
  near-end position through the page's own form: A (the person) needs two moves to fill
  its goal, the engine answers in between; the moves, the move list and the final status
  must appear;
* one move each on the diamond, the star with six sides and 16x16 with four sides;
* Top Secret's first drop: its cells lit at once, one click;
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
        if "--measure" in sys.argv:
            measure(driver, folder)
        print("browser test passed")
    finally:
        if driver:
            driver.quit()
        server.kill()


if __name__ == "__main__":
    main()
