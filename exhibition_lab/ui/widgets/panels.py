"""Read-only panels: the turn banner and status line, the running score, other players'
compact halls, the log and the score sheet."""

from __future__ import annotations

import re
from html import escape, unescape

import anywidget
import ipywidgets as w
import traitlets

from ...games.exhibition.game import Phase
from ...games.exhibition.rules.actions import Take
from ...games.exhibition.rules.scoring import GOAL_LABELS, ScoreLine
from ...games.exhibition.session import PlaySession
from ..render.cards import card_html
from ..render.css import style
from ..render.halls import claimed_continent, halls_table_html
from ..render.sheets import score_sheet_html, true_minus
from ..render.tile import vehicle_html
from .cards import set_class

#: Column headers of the running score, short enough for a side panel (full name on hover).
SHORT_GOALS = {
    "six_continents": "6 cont.",
    "years_gap": "Gap",
    "short_era": "Short",
    "antiquity": "Antiq.",
    "continent_focus": "Focus",
    "decades": "Decades",
    "chain": "Chain",
    "empty_spots": "Empty",
    "depot": "Depot",
    "secret_decade": "Secret",
    "mid_century": "Mid C.",
}


def rule_tag(rule: str) -> str:
    """The rule id as a small suffix after plain words; hovering it says what the code is."""
    return f"<span class='exlab-rule' title='{escape(rule_hover(rule))}'>{escape(rule)}</span>"


def rule_hover(rule: str) -> str:
    """What a rule tag says on hover: ``"rule R10a of the rules reference"``."""
    return f"rule {rule} of the rules reference"


#: A rule id of RULES.md in running text: R10a, S6, V3, D11, T2 …
RULE_ID = re.compile(r"\b[RSVDT]\d{1,2}[a-z]?\b")


def tag_rules(html: str) -> str:
    """Escaped text with its rule ids turned into :func:`rule_tag` tags: ``"(R10a)"`` becomes
    the tag alone, ``"(−7 fame points, R24)"`` the words in brackets and then the tag."""
    rule = RULE_ID.pattern
    pattern = re.compile(rf"\s*\(({rule})\)|,\s*({rule})\)|(?<![\w'>])({rule})(?![\w<])")

    def tag(match: re.Match) -> str:
        alone, closing, bare = match.groups()
        if closing:
            return ")" + rule_tag(closing)
        return rule_tag(alone or bare)

    return pattern.sub(tag, html)


#: The true minus sign for a hyphen before a number (one helper for the app and the sheet).
minus = true_minus


#: Plain-text length beyond which a line of the status box (two lines of text at 1366 px)
#: is cut, so the box offers "More".
MORE_AFTER = 260


class StatusBar(w.VBox):
    """The banner (what the player may do now), then a box of fixed height, so the board
    never moves: the other players' last turns on their own line (``turns``, kept until they
    play again) and the answer to your last click (``status``). A *More* button opens the box
    over the board when its text is longer than the box."""

    def __init__(self) -> None:
        self.banner = w.HTML()
        self.banner.add_class("exlab-banner")
        self.turns = w.HTML()
        self.turns.add_class("exlab-turns")
        self.status = w.HTML()
        self.status.add_class("exlab-status")
        self.more = w.ToggleButton(value=False, description="More", icon="chevron-down", layout=w.Layout(width="72px"))
        self.more.add_class("exlab-status-more")
        self.more.observe(lambda change: self._open(change["new"]), names="value")
        self.box = w.VBox([self.turns, self.status])
        self.box.add_class("exlab-status-box")
        frame = w.HBox([self.box, self.more])
        frame.add_class("exlab-status-frame")
        super().__init__([self.banner, frame], layout=w.Layout(flex="1 1 auto"))
        self.add_class("exlab-statusbar")

    def render(self, session: PlaySession) -> None:
        game = session.game
        text = f"Game over — {session.result_in_words()}" if game.is_over else session.what_now()
        round_ = "" if game.is_over else f"Round {game.round} · "
        stock = f"<small style='font-weight:400'>(stock: {game.stock_size} cards)</small>"
        # one line that never wraps; the whole sentence on hover if a long name cuts it
        self.banner.value = f"<span title='{escape(round_ + text)}'>{round_}{escape(text)} {stock}</span>"
        self.show_turns(session)

    def show_turns(self, session: PlaySession) -> None:
        """The other players' last turns (your own last turn in a solo game), under a label
        that says from whose turn on they are counted (ux report 2, bug 7)."""
        turns = session.others_last_turns()
        if len(turns) > 1:  # several turns share two lines: the years alone, subjects on hover
            turns = session.others_last_turns(short=True)
        if not turns:
            self.turns.value = ""
        else:
            label = turns_label(session)
            sentences = [text for _, text in turns]
            if session.game.is_solo:  # "Your last turn: took 1965 …", not "… You took 1965 …"
                sentences = [text[4:] if text.startswith("You ") else text for text in sentences]
            told = ". ".join(escape(minus(text)) for text in sentences)
            self.turns.value = f"<b>{escape(label)}:</b> {told}."
        self._offer_more()

    def say(self, message: str, *, error: bool = False, rule: str | None = None) -> None:
        """Show a message in plain words, with the rule id as a small suffix."""
        css = "exlab-error" if error else "exlab-info"
        tag = rule_tag(rule) if rule else ""
        self.say_html(f"<span class='{css}'>{tag_rules(escape(minus(message)))}</span>{tag}")

    def say_html(self, html: str) -> None:
        self.status.value = html
        self._offer_more()

    def _offer_more(self) -> None:
        # each line shows two lines of text at most (about MORE_AFTER characters)
        parts = (_plain(self.turns.value), _plain(self.status.value))
        long = any(len(text) > MORE_AFTER for text in parts) or "exlab-nofit" in self.status.value
        self.more.layout.visibility = "visible" if long else "hidden"  # hidden keeps its room
        if not long:
            self.more.value = False

    def _open(self, on: bool) -> None:
        set_class(self.box, "exlab-status-open", on)
        self.more.description = "Less" if on else "More"
        self.more.icon = "chevron-up" if on else "chevron-down"


def turns_label(session: PlaySession) -> str:
    """The label of the other players' turns: from whose turn on they are told. "Since your
    last turn" only when the viewer has finished a turn (else "Before your first turn"); at
    the end "After your last turn"; hot-seat players by name, so each knows whose it is."""
    game = session.game
    viewer = session.viewer
    if game.is_solo:
        return "Your last turn"
    whose = f"{game.players[viewer]}'s" if len(session.human_seats) > 1 else "your"
    if game.is_over:
        return f"After {whose} last turn"
    takes = sum(1 for seat, action in game.history if seat == viewer and isinstance(action, Take))
    if session.humans_turn and game.current == viewer and game.phase is not Phase.TAKE:
        takes -= 1  # the turn under way is not a "last turn"
    return f"Since {whose} last turn" if takes > 0 else f"Before {whose} first turn"


def _plain(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


#: What each column of the running score counts, for its header's hover (rule ids kept).
GOAL_HOVER = {
    "six_continents": "All 6 Continents (R19): 5, 4, 3, 2, 1 fame points in the order players get a "
    "coloured card of every continent into their hall",
    "years_gap": "Years Gap (R20): the biggest gap between its two cards gets 5, the next 4 … 1",
    "short_era": "Short Era (V5): the smallest gap between its two cards gets 5, the next 4 … 1",
    "antiquity": "Antiquity (V6): the oldest right card gets 5, the next 4 … 1",
    "continent_focus": "Continent Focus (R21): 1 fame point per hall card of your most frequent continent",
    "decades": "Number of Decades (R22): 1 fame point per decade with a card in your hall",
    "chain": "Chain of Years (R23): 1 fame point per card in your longest run of consecutive years; "
    "at least 1 fame point, so an empty hall already shows it",
    "empty_spots": "Empty Spots (R24): −1 fame point per empty hall spot (all 16 are empty at the start)",
    "depot": "Depot (R25): −1 fame point per Depot card",
    "secret_decade": "Secret Decade (V7): +1 fame point per hall card of your hidden decade",
}
#: Solo columns that follow other rules (S3–S6); the rest count ×100 (S2).
SOLO_GOAL_HOVER = {
    "six_continents": "All 6 Continents (S3): 100 points once your hall holds every continent",
    "years_gap": "Years Gap (S4): 500 points minus 100 for each card left on the tile older than the "
    "left card or younger than the right card; 0 until both spots are filled",
    "short_era": "Short Era (S5): 500 points minus 100 for each tile card from the left year to the "
    "right year; 0 until both spots are filled",
    "antiquity": "Antiquity (S5): 500 points minus 100 for each tile card older than the right card; "
    "0 until both spots are filled",
    "mid_century": "Mid Century (S6, D11): +100 minus 200 points per year your card is from 1950; an "
    "empty Mid Century counts as the farthest, 50 years away: 100 − 200 × 50 = −9900",
}


def goal_hover(goal: str, *, solo: bool) -> str:
    """What a score column counts, in plain words with its rule (solo: on the ×100 scale)."""
    if solo and goal in SOLO_GOAL_HOVER:
        return SOLO_GOAL_HOVER[goal]
    words = GOAL_HOVER.get(goal, GOAL_LABELS.get(goal, goal))
    if solo:
        words = words.replace("1 fame point", "100 points") + " (×100 in a solo game, S2)"
    return words


class LiveScoreView(w.HTML):
    """Each player's fame points so far, by goal: the engine's score of the halls as they
    stand (:meth:`PlaySession.live_score`); others' Secret Decades stay hidden. Each column
    header says on hover what it counts (ux report 2: "Gap", "Chain" were never explained)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-live-score")
        self.add_class("exlab-panel")

    def render(self, session: PlaySession) -> None:
        sheet = session.live_score()
        goals = list(sheet.goals)
        solo = session.game.is_solo
        hidden = session.game.secret_decades is not None and not session.game.is_over
        unit = " (points ×100, solo)" if solo else " (fame points)"
        head = "".join(
            f"<th class='exlab-goal-head' title='{escape(goal_hover(g, solo=solo))}'>"
            f"{escape(SHORT_GOALS.get(g, g))}</th>"
            for g in goals
        )
        rows = []
        for seat, name in enumerate(session.game.players):
            score = sheet[name]
            cells = []
            for goal in goals:
                if goal in score.points:
                    line = score.line(goal)
                    points = minus(f"{line.points * score.scale:g}")
                    cells.append(f"<td title='{escape(_line_tooltip(line, score.scale))}'>{points}</td>")
                else:
                    cells.append("<td title='hidden until the end (V7)'>?</td>" if hidden else "<td></td>")
            me = " class='exlab-me'" if seat == session.viewer else ""
            total = minus(str(score.total))
            rows.append(
                f"<tr{me}><td>{escape(name)}</td>{''.join(cells)}<td class='exlab-live-total'><b>{total}</b></td></tr>"
            )
        title = "Final score" if session.game.is_over else "Score so far"
        when = "" if session.game.is_over else " — if the game ended now; hover a heading for what it counts"
        self.value = (
            f"<b>{title}</b><small>{unit}{when}</small>"
            f"<table class='exlab-table'><thead><tr><th>Player</th>{head}<th>Total</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
        )


def _line_tooltip(line: ScoreLine, scale: int = 1) -> str:
    """A score line for hovering, in the unit the table shows (points ×100 in a solo game);
    Chain of Years' minimum said as a rule, not a contradiction (R23); an empty solo Mid
    Century said as the farthest distance (S6, D11)."""
    points = minus(f"{line.points * scale:g}")
    unit = " points" if scale != 1 else ""
    if line.goal == "chain" and len(line.cards) <= 1:
        one = "100 points" if scale != 1 else "1 point"
        return (
            f"Chain of Years (R23): {one} per card in your longest run of consecutive years; "
            f"it is at least {one}, even before two cards of neighbouring years → {points}{unit}"
        )
    if line.goal == "mid_century" and line.reason.startswith("empty"):
        return (
            f"Mid Century ({line.rule}): empty (or Einstein), so it counts as the farthest from 1950, 50 years away "
            f"(D11): 100 − 200 × 50 → {points} points"
        )
    return f"{GOAL_LABELS.get(line.goal, line.goal)} ({line.rule}): {minus(line.reason)} → {points}{unit}"


class OpponentsView(w.HTML):
    """Every other player's hall in miniature, one row each: cards by year (subject on
    hover), the continent claimed in One Continent, the Depot count, where the vehicle is."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-opponents")

    def render(self, session: PlaySession) -> None:
        game = session.game
        rows = []
        for seat in range(game.n_players):
            if seat == session.viewer:
                continue
            notes = []
            if game.final[seat]:
                notes.append("final")
            elif seat == game.current and not game.is_over:
                notes.append("to move")
            claim = claimed_continent(game.hall(seat))
            claim_line = f"<br><small>claims {escape(claim.title)}</small>" if claim is not None else ""
            # the notes ride on the name line: the vehicle's line is the longest of the label,
            # and the label column is narrow so that 4-5 players' halls fit 1366 px
            note = f" · <b>{escape(' · '.join(notes))}</b>" if notes else ""
            label = (
                f"<div class='exlab-opponent' title='{escape(session.seat_label(seat))}'>"
                f"<b>{escape(game.players[seat])}</b> <small>{escape(_kind(session, seat))}{note}</small><br>"
                f"{vehicle_html(game, seat, where=True)}{claim_line}</div>"
            )
            rows.append((label, game.hall(seat)))
        marked = session.cards_of_last_turns()  # the cards they placed since your last turn
        table = halls_table_html(rows, marked=marked)
        self.value = style("board") + "<div class='exlab-board'>" + table + "</div>" if rows else ""
        self.layout.display = "block" if rows else "none"


def _kind(session: PlaySession, seat: int) -> str:
    return "human" if session.is_human(seat) else f"{session.seats[seat]} bot"


class LogView(w.HTML):
    """Every action so far in words, newest first, folded away under the board."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-log")

    def render(self, session: PlaySession) -> None:
        lines = session.log_lines()[::-1]
        items = "".join(f"<li>{escape(line)}</li>" for line in lines[:200])
        moves = f"{len(lines)} move{'' if len(lines) == 1 else 's'}"
        self.value = f"<details><summary>Log ({moves})</summary><ol reversed>{items}</ol></details>"


class ScoreSheetView(w.HTML):
    """The score sheet with every goal explained, shown once the game is over; compact
    (one line of "why" links under the table), since it stands in the tile's place."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-score-sheet")

    def render(self, session: PlaySession) -> None:
        game = session.game
        if not game.is_over:
            self.value = ""
            return
        sheet = game.score()
        explained = "".join(
            f"<details><summary>{escape(name)}: {minus(str(sheet[name].total))} — why</summary>"
            f"<pre style='font-size:11px'>{escape(score_in_words(sheet[name]))}</pre></details>"
            for name in sheet.ranking
        )
        title = "<h3 class='exlab-sheet-title'>Score sheet</h3>"
        whys = f"<div class='exlab-whys'>{explained}</div>"
        self.value = title + score_sheet_html(sheet) + tiebreak_html(sheet) + whys


def score_in_words(score) -> str:
    """One player's score explained line by line, every number in the unit the sheet shows
    (solo: points ×100, also Mid Century's, which the engine's text gives in fame points)."""
    if score.scale == 1:
        return minus(score.explain())
    lines = [_line_tooltip(line, score.scale) for line in score.lines]
    return "\n".join([*lines, f"Total: {minus(str(score.total))} points (solo, ×100)"])


def tiebreak_html(sheet) -> str:
    """A line saying how R26 decided, when the best totals were equal (``""`` otherwise)."""
    ranking = sheet.ranking
    if len(ranking) < 2 or sheet[ranking[0]].total != sheet[ranking[1]].total:
        return ""
    tied = [name for name in ranking if sheet[name].total == sheet[ranking[0]].total]

    def distance(name: str) -> str:
        years = sheet[name].tiebreak
        return "no dated card there" if years is None else f"{years} year{'s' if years != 1 else ''} from 1950"

    held = "; ".join(f"{escape(name)}: {distance(name)}" for name in tied)
    total = sheet[ranking[0]].total
    winners = sheet.winners
    if len(winners) > 1:
        return (
            f"<div class='exlab-tiebreak'>Equal totals ({total}) and Mid Century cards equally close to 1950 "
            f"({held}): a shared win (R26).</div>"
        )
    verb = "win" if winners[0] == "You" else "wins"
    return (
        f"<div class='exlab-tiebreak'>Equal totals ({total}): <b>{escape(winners[0])}</b> {verb} the tiebreak, "
        f"the Mid Century card closest to 1950 ({held}; R26).</div>"
    )


class HandView(w.HTML):
    """The card in hand as a card face (:func:`~exhibition_lab.ui.render.cards.card_html`, the one
    card renderer), beside the score: it stays in sight while you choose a continent after
    a white card and while you look for its spot. An empty frame of the same size otherwise,
    so nothing moves."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-hand")

    def render(self, session: PlaySession) -> None:
        game = session.game
        card = game.hand if session.humans_turn else None
        face = card_html(card, extra_class="exlab-hand-card") if card is not None else "<div class='exlab-empty'></div>"
        owner = "In your hand" if game.current_player == "You" or not card else f"{escape(game.current_player)}'s hand"
        self.value = f"{style('board')}<div class='exlab-board'><div class='exlab-hand-label'>{owner}</div>{face}</div>"


class ScrollAnchor(anywidget.AnyWidget):
    """An invisible mark that scrolls the panel holding it (its closest ``exlab-scroll-target``)
    into the window each time ``tick`` changes: Python cannot scroll the page itself."""

    _esm = """
    export default {
      render({ model, el }) {
        // wait for the panel's new content to be drawn before scrolling to it
        const go = () => setTimeout(() => {
          const panel = el.closest('.exlab-scroll-target') || el.parentElement || el;
          if (panel.offsetParent !== null) panel.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        }, 400);
        model.on('change:tick', go);
      }
    };
    """
    tick = traitlets.Int(0).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-scroll-anchor")
