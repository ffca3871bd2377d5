"""`ruleforge serve` in a real headless browser: Playwright drives the system's Chromium
(/usr/bin/chromium; .ci/run installs it) against `ruleforge serve` started as a
subprocess on a free local port.

Whole games of gUFO and of UFO*logy at 4 players are played by clicking one seat's
buttons, bots at the other seats; the page's whole content at each of that seat's turns
names only cards the seat had seen by then (the independent account of test_serve.py).
Two seats in two browser contexts see each other's moves within a second; a hot seat
hands its one tab over.

Without Chromium these tests fail, saying how to install it; RULEFORGE_SKIP_BROWSER=1
skips them on purpose. RULEFORGE_SCREENSHOTS=DIR writes the screenshots of
docs/serve.md into DIR (`RULEFORGE_SCREENSHOTS=docs/serve pytest tests/test_serve_browser.py`).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from test_serve import HIDDEN_BOMB, card_pattern, seen_after_each_decision

import ruleforge

ROOT = Path(__file__).parents[1]
GUFO = str(ROOT / "games" / "gufo.rules")
UFOLOGY = str(ROOT / "games" / "ufology.rules")
CHROMIUM = "/usr/bin/chromium"
# The machine's network may be closed: without these Chromium stalls on refused
# connections (updates, sync, QUIC); never Playwright's own browser download.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = os.environ.get("RULEFORGE_SCREENSHOTS")
WAIT = 15_000  # ms: a step of the page that should take a fraction of a second


@pytest.fixture(scope="module")
def browser():
    if os.environ.get("RULEFORGE_SKIP_BROWSER") == "1":
        pytest.skip("RULEFORGE_SKIP_BROWSER=1: the browser tests of `ruleforge serve` are skipped")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: the browser tests need it. Install it with "
                    "`apt-get install -y chromium` (as root; .ci/run does), or set RULEFORGE_SKIP_BROWSER=1 "
                    "to skip them", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright is not installed: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@contextmanager
def serve(*args):
    """`ruleforge serve` on a free port: its links by who they are for."""
    proc = subprocess.Popen([sys.executable, "-m", "ruleforge", "serve", *map(str, args), "--port", "0"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        head = proc.stdout.readline()
        assert "serving at http://127.0.0.1:" in head, head + proc.stderr.read()
        links = {}
        while "spectators" not in links:  # (the last link printed, a hot seat's too)
            who, link = proc.stdout.readline().strip().split(": http", 1)
            links[who] = "http" + link
        yield links
    finally:
        proc.terminate()
        proc.wait(10)


def turn_n(page) -> int:
    return int(page.get_attribute("#turn", "data-n"))


def next_turn_or_end(page) -> bool:
    """Wait until it is this seat's turn (True) or the game is over (False)."""
    page.wait_for_selector("button.action:enabled, #over:not([hidden])", timeout=WAIT)
    return page.locator("#over").is_hidden()


def click(page, button) -> None:
    """Click an action and wait for the page to move on (to the next state, or a hot
    seat's hand-over screen)."""
    n = turn_n(page)
    button.click()
    page.wait_for_selector(f"#turn:not([data-n='{n}']), #ready:visible", timeout=WAIT)


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


GAMES = {
    "gufo": (GUFO, ["--as", "radar", "--seed", 5], "Radar Operator"),
    "ufology": (UFOLOGY, ["--players", 4, "--humans", 1, "--seed", 3], "player 1"),
}


@pytest.mark.parametrize("which", GAMES)
def test_a_whole_game_clicked_in_the_browser_shows_only_what_the_seat_may_know(which, browser, tmp_path):
    path, flags, seat_title = GAMES[which]
    log = tmp_path / "g.jsonl"
    game = ruleforge.load(path, players=4 if which == "ufology" else None)
    with serve(path, *flags, "--delay", "0.02", "--log", log) as links:
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.goto(links[seat_title])
        rng = random.Random(1)
        pages: list[tuple[int, str]] = []  # (decision, the page's whole content) at each turn
        turns = 0
        while next_turn_or_end(page):
            assert page.inner_text("#who") == f"you are {seat_title}"
            pages.append((turn_n(page), page.content()))
            if turns == 0:
                shot(page, f"{which}-first-turn")
                # a card's text, on a tap (and on hover: its title)
                first = page.locator(".area.mine .card[data-card]").first
                name = first.get_attribute("data-card")
                first.click()
                card = game.cards[game.seen_index[name]]  # (a copy is named without its number)
                told = page.inner_text("#cardtext").split("\n")[0]
                assert told == first.get_attribute("title")
                if which == "ufology":
                    assert told == f"{name} (type {card.attrs['type']}): {card.attrs['text']}"
                else:
                    assert told == f"{name} (rank {card.attrs['rank']}, suit {card.attrs['suit']}, value {card.attrs['value']})"
                page.mouse.click(2, 2)
                assert page.locator("#cardtext").is_hidden()
            if turns == 3:
                page.reload()  # the link keeps the seat
                next_turn_or_end(page)
                assert page.inner_text("#who") == f"you are {seat_title}" and turn_n(page) == pages[-1][0]
                shot(page, f"{which}-later")
                page.set_viewport_size({"width": 390, "height": 844})  # a phone
                assert page.evaluate("document.documentElement.scrollWidth") <= 390
                shot(page, f"{which}-phone")
                page.set_viewport_size({"width": 1100, "height": 900})
            buttons = page.locator("button.action:enabled")
            click(page, buttons.nth(rng.randrange(buttons.count())))
            turns += 1
        over = page.inner_text("#over")
        assert over.startswith("Game over: ")
        pages.append((turn_n(page), page.content()))
        shot(page, f"{which}-end")
        page.close()
    recs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert recs[-1]["type"] == "result" and over.splitlines()[0] == _ending_line(recs)
    seat = recs[0]["seats"].index(next(s for s in recs[0]["seats"] if s in ("radar", "player 1")))
    union = seen_after_each_decision(recs, [seat])
    pattern = card_pattern(game)
    assert turns >= 3 and len(pages) == turns + 1
    for n, html in pages:
        named = set(pattern.findall(html))
        assert named <= union[n], (n, sorted(named - union[n]))
    if which == "gufo":  # the Alien reaches the Radar Operator's page only at the end
        alien = recs[2]["action"]
        assert recs[2]["prompt"] == "to be the Alien"
        assert not [n for n, html in pages[:-1] if alien in set(pattern.findall(html))]
        assert alien in pattern.findall(pages[-1][1])


def _ending_line(recs) -> str:
    """The result line as the narrator writes it, from the log's result record."""
    res = recs[-1]
    start = recs[0]
    game = ruleforge.load(start["rules"], players=start["players"])
    titles = [game.seat_titles[start["seats"].index(w)] for w in res["winners"]]
    who = "Winner: nobody" if not titles else \
        (f"Winner: {titles[0]}" if len(titles) == 1 else f"Winners: {', '.join(titles[:-1])} and {titles[-1]}")
    return f"Game over: {res['reason']}. {who}."


def test_two_seats_in_two_browsers_see_each_others_moves_within_a_second(browser):
    with serve(GUFO, "--seed", 5, "--delay", "0") as links:
        contexts = [browser.new_context(), browser.new_context()]
        pages = {"Invader": contexts[0].new_page(), "Radar Operator": contexts[1].new_page()}
        for who, page in pages.items():
            page.goto(links[who])
            page.wait_for_selector("#turn[data-n='0']", timeout=WAIT)
        for move in range(8):
            movers = [who for who, page in pages.items() if page.locator("#turn.yours").count()]
            assert len(movers) == 1, movers
            me = pages[movers[0]]
            other = pages["Radar Operator" if movers[0] == "Invader" else "Invader"]
            n = turn_n(me)
            me.locator("button.action:enabled").first.click()
            # the other browser shows the move within a second of the click
            # (a selector, not a script: the page's Content-Security-Policy forbids eval)
            other.wait_for_selector(f"#turn:not([data-n='{n}'])", timeout=1000)
            me.wait_for_selector(f"#turn:not([data-n='{n}'])", timeout=WAIT)
            if move == 0:
                assert "Invader chooses a card (to be the Alien)" in other.inner_text("#since")
                assert "Invader chooses A♣ (to be the Alien)" in me.inner_text("#since")
        for c in contexts:
            c.close()


def test_a_hot_seat_hands_one_tab_over_between_its_people(browser):
    with serve(GUFO, "--seed", 5, "--delay", "0", "--hot-seat") as links:
        (link,) = (v for k, v in links.items() if k.startswith("hot seat: "))
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.goto(link)
        handed = []
        for _ in range(400):
            page.wait_for_selector("#ready:visible, button.action:enabled, #over:not([hidden])", timeout=WAIT)
            if page.locator("#over").is_visible():
                break
            if page.locator("#handover").is_visible():
                text = page.inner_text("#handover-text")
                handed.append(text)
                if len(handed) == 2:
                    assert page.locator("#game").is_hidden() and page.locator(".card").count() == 0
                    shot(page, "hot-seat-handover")
                page.click("#ready")
                page.wait_for_selector("#game:not([hidden])", timeout=WAIT)
                continue
            click(page, page.locator("button.action:enabled").first)
        assert page.inner_text("#over").startswith("Game over: ")
        assert handed[:2] == ["Pass the screen to the Invader. Press Ready when only they can see it.",
                              "Pass the screen to the Radar Operator. Press Ready when only they can see it."]
        page.close()


def test_a_rule_error_takes_the_actions_off_the_page(browser, tmp_path):
    """The rules fail after player 1's Go: the page says so, and keeps no button whose
    click could only be refused."""
    rules = tmp_path / "bomb.rules"
    rules.write_text(HIDDEN_BOMB, encoding="utf-8")
    with serve(rules, "--as", 1, "--seed", 1, "--delay", "0") as links:
        page = browser.new_page()
        page.goto(links["player 1"])
        page.wait_for_selector("button.action:enabled", timeout=WAIT)
        assert page.locator("button.action").all_inner_texts() == ["Go", "Wait"]
        page.locator("button.action", has_text="Go").click()
        page.wait_for_selector("#notice:not([hidden])", timeout=WAIT)
        assert page.inner_text("#notice") == (
            "the game stopped: the rules failed, and where and how would name a card hidden from you; the host's "
            "terminal shows where")
        assert page.locator("button.action").count() == 0
        assert page.inner_text("#turn") == "The game has stopped."
        page.close()


def test_the_hand_over_screen_holds_nothing_of_the_last_persons_seat(browser):
    """The Invader taps a card to read it, moves, and the screen is handed to the Radar
    Operator: the card's text stayed in the page's DOM (hidden) across the hand-over."""
    game = ruleforge.load(GUFO)
    pattern = card_pattern(game)
    with serve(GUFO, "--seed", 5, "--delay", "0", "--hot-seat") as links:
        (link,) = (v for k, v in links.items() if k.startswith("hot seat: "))
        page = browser.new_page()
        page.goto(link)
        page.wait_for_selector("#ready:visible", timeout=WAIT)
        assert page.inner_text("#handover-text").startswith("Pass the screen to the Invader.")
        page.click("#ready")
        while True:  # the Invader's moves, a card's text read before each, up to the hand-over
            page.wait_for_selector("#ready:visible, button.action:enabled", timeout=WAIT)
            if page.locator("#handover").is_visible():
                break
            assert page.inner_text("#who") == "you are Invader"
            mine = page.locator(".area.mine .card[data-card]").first
            name = mine.get_attribute("data-card")
            mine.click()
            assert page.inner_text("#cardtext").startswith(f"{name} (rank ")
            click(page, page.locator("button.action:enabled").first)
        assert page.inner_text("#handover-text").startswith("Pass the screen to the Radar Operator.")
        html = page.content()
        assert pattern.findall(html) == [] and name not in html  # no card at all, hidden or not
        assert page.inner_html("#cardtext") == page.inner_html("#notice") == ""
        assert page.inner_text("#who") == "hot seat: Invader, Radar Operator"
        page.close()


HOSTILE_PAGE = '''game "<script>window.pwned=1</script><img src=x onerror=window.pwned=2>"
players 2
role a "<b onmouseover=window.pwned=3>A</b>"
role b "<svg onload=window.pwned=4>"
cards: listed in deck
zone deck "<iframe src=javascript:window.pwned=5>": pile, face down
zone hand per player "<img src=x onerror=window.pwned=6>": hand
zone shown "<style>*{display:none}</style>": pile, face up, shown as fan
card "<img src=x onerror=window.pwned=7>":
    copies: 3
    text: "<script>window.pwned=8</script>"
card "LONG":
    text: "</div><script>window.pwned=9</script>"
setup:
    shuffle deck
    move top 2 cards of deck to hand of a
    move top 2 cards of deck to hand of b
turn:
    let c = current chooses a card in hand of current "<img src=x onerror=window.pwned=10>"
    move c to shown
    say "<script>window.pwned=11</script> {c} by {current}"
ending e "<img src=x onerror=window.pwned=12>": a wins when count of shown >= 3
'''.replace("LONG", "W" * 2000)


def test_a_hostile_rule_files_text_is_shown_as_text_and_wraps_on_a_phone(browser, tmp_path):
    """Rule files are data: markup in the title, a role, a zone, a card's name and text, a
    prompt, a said line and an ending is shown as its characters (no element made of it,
    nothing run). A card's name of 2,000 letters without a space widened the phone's page
    to 15,000 pixels; it wraps now (and on a card, is cut at the edge of the card's area)."""
    rules = tmp_path / "hostile.rules"
    rules.write_text(HOSTILE_PAGE, encoding="utf-8")
    with serve(rules, "--as", 1, "--seed", 1, "--delay", "0") as links:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(links["<b onmouseover=window.pwned=3>A</b>"])
        tags = "[...document.body.querySelectorAll('*')].map(e => e.tagName.toLowerCase())"
        while next_turn_or_end(page):
            assert set(page.evaluate(tags)) <= PAGE_TAGS
            click(page, page.locator("button.action:enabled").first)
        assert page.evaluate("window.pwned") is None
        assert set(page.evaluate(tags)) <= PAGE_TAGS
        assert page.evaluate("document.head.querySelectorAll('script, style').length") == 1  # app.js alone
        assert page.title() == "<script>window.pwned=1</script><img src=x onerror=window.pwned=2> · ruleforge"
        assert page.inner_text("#over").startswith("Game over: <img src=x onerror=window.pwned=12>. Winner: <b ")
        assert "<script>window.pwned=11</script> " in page.inner_text("#since")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.close()


# every element the page's script makes (and index.html's own)
PAGE_TAGS = {"header", "h1", "h2", "h3", "div", "main", "section", "ol", "li", "p", "button", "span", "strong", "pre",
             "small"}
