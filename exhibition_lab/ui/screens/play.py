"""The play app's screen: everything it shows, as plain data, made from the session.

:func:`present` turns a :class:`~exhibition_lab.games.exhibition.session.PlaySession` (and
the answer to the player's last click, and the coach's hint if one is shown) into a
:class:`PlayScreen`: what each tile card shows and whether it may be taken, each hall spot's
card, light and hover, the buttons with their tooltips, the status lines, the score table
rows. The widgets only paint a screen and send clicks back; tests read screens without any
widget.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import cast

from ...games.exhibition.game import Phase
from ...games.exhibition.rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot
from ...games.exhibition.rules.cards import CONTINENTS, Card, Continent
from ...games.exhibition.rules.goals import MID_CENTURY
from ...games.exhibition.rules.hall import DEPOT_SIZE, Hall, claimed_continents, white_card_continents
from ...games.exhibition.rules.scoring import ScoreSheet
from ...games.exhibition.session import PlaySession, UndoScope
from ..text import play as words
from ..text import score as score_words
from ..text.explain import fits_nowhere_in_words, placement_in_words
from ..text.names import continent_name, placed_white_card_hover, showcase_name, spot_name
from ..text.numbers import minus, number

#: Turns told in the message line at once; the log keeps them all.
MAX_SENTENCES = 5


# ---------------------------------------------------------------- pieces
@dataclass(frozen=True)
class NoFitCost:
    """One way out when the card fits nowhere: its label, what it costs, the rule."""

    label: str
    cost: str
    rule: str | None = None


@dataclass(frozen=True)
class NoFitReason:
    """Why the card fits no spot of one showcase."""

    showcase: str
    words: str
    rule: str


@dataclass(frozen=True)
class NoFit:
    """The box that says why the card in hand fits nowhere and what each way out costs."""

    title: str
    costs: tuple[NoFitCost, ...]
    why_label: str
    reasons: tuple[NoFitReason, ...]


@dataclass(frozen=True)
class Message:
    """The answer to the last click (or the game's first words): plain text, an error or
    not, the rule behind it, and the no-fit box when the card in hand fits nowhere."""

    text: str = ""
    error: bool = False
    rule: str | None = None
    no_fit: NoFit | None = None
    kept: str = ""  # under a refusal: the line it answered (your last move), still told
    #: ``text`` with each card by its year alone, where that is shorter: shown where the app is narrow
    short: str = ""


def keeping(refusal: Message, before: Message) -> Message:
    """``refusal`` with the line it follows kept under it: a click the game refuses changes
    nothing (R10, R11 …), so what you took or placed last is still the news beside the reason."""
    kept = before.kept if before.error else before.text
    return replace(refusal, kept=kept)


def unrefused(message: Message) -> Message:
    """``message`` without its refusal: the line the refused click followed (your last move),
    or nothing. A refusal is the answer to one click; the next answer (the coach's hint, a
    move) takes its place."""
    return Message(message.kept) if message.error else message


@dataclass(frozen=True)
class Control:
    """A button: whether it may be clicked, whether it is lit, what it says on hover, and
    whether the coach's hint points at it."""

    enabled: bool
    tooltip: str = ""
    lit: bool = False
    hinted: bool = False


@dataclass(frozen=True)
class TileCard:
    """One open card of the Continents tile."""

    card: Card
    takeable: bool
    new: bool  # refilled since your last decision
    note: str = ""  # said on hover above the card's own text
    hinted: bool = False
    #: why it may not be taken now, with the rule (R7, R8, R10): its hover, and the answer
    #: to a click on it; empty when it may be taken or nobody may take now
    refusal: str = ""
    #: taking it would end your exhibition (no spot, Depot full: R10a): its warning, else empty
    ends: str = ""


@dataclass(frozen=True)
class TileColumn:
    """One continent's column: its open cards, and whether you may take from it now."""

    continent: Continent
    cards: tuple[TileCard, ...]
    here: bool


@dataclass(frozen=True)
class Table:
    """Who sits where and where each vehicle stands (what the tile's heads show)."""

    players: tuple[str, ...]
    vehicles: tuple[Continent, ...]


@dataclass(frozen=True)
class Tile:
    shown: bool
    columns: tuple[TileColumn, ...]
    table: Table
    empty_tooltip: str
    #: a card of yours waits for its spot (R10), or your vehicle for its continent after a
    #: white card (R8): no card may be taken, so the tile waits and panels may lie over it
    placing: bool = False


@dataclass(frozen=True)
class Chooser:
    """The continent buttons after a white card (R8)."""

    shown: bool
    label: str
    allowed: frozenset[Continent] = frozenset()
    hinted: Continent | None = None


@dataclass(frozen=True)
class Spot:
    """One hall spot: its card, whether it may be clicked, lit (the card fits), red (the card
    fits nowhere at all), its hover (on a placed 1945 card: what it stands for there, R16–R17),
    and the coach's mark."""

    showcase: int
    spot: int
    card: Card | None
    enabled: bool
    lit: bool
    refused: bool
    hover: str
    hinted: bool = False


@dataclass(frozen=True)
class HallScreen:
    title: str
    notes: tuple[str, ...]  # the Secret Decade line
    hand: str  # the card in hand with its subject, "" when none is placed now
    hand_label: str
    spots: tuple[tuple[Spot, ...], ...]
    depot_cards: tuple[Card | None, ...]
    free_depot_tooltip: str
    depot_label: str
    depot_count: str
    depot: Control
    end: Control


@dataclass(frozen=True)
class ScoreRow:
    name: str
    cells: tuple[tuple[str, str], ...]  # (points, hover); "" points for a goal not counted
    total: str
    me: bool


@dataclass(frozen=True)
class ScoreTable:
    shown: bool
    title: str
    note: str
    heads: tuple[tuple[str, str], ...]  # (short heading, hover)
    player_head: str
    total_head: str
    rows: tuple[ScoreRow, ...]
    footnote: str = ""  # a line under the table, on the board (a solo game's empty Mid Century)
    legend: str = ""  # the narrow headings spelt out, one line under the table


@dataclass(frozen=True)
class Opponent:
    seat: int
    name: str
    kind: str
    notes: tuple[str, ...]
    claim: str
    hover: str
    hall: Hall


@dataclass(frozen=True)
class Opponents:
    rows: tuple[Opponent, ...]
    marked: frozenset[Card]
    table: Table


@dataclass(frozen=True)
class Sheet:
    """The score sheet at game over (``sheet`` is ``None`` during the game)."""

    sheet: ScoreSheet | None
    title: str = ""
    whys: tuple[tuple[str, str], ...] = ()  # (summary, explanation) per player, best first
    tiebreak: str = ""
    winner: str = ""


@dataclass(frozen=True)
class HandScreen:
    shown: bool
    card: Card | None
    label: str


@dataclass(frozen=True)
class PlayScreen:
    """Everything the play app shows at one moment."""

    banner: str
    stock: str
    turns_label: str
    turns: tuple[str, ...]
    message: Message
    more: str
    less: str
    tile: Tile
    chooser: Chooser
    hall: HallScreen
    score: ScoreTable
    opponents: Opponents
    hand: HandScreen
    sheet: Sheet
    log_summary: str
    log: tuple[str, ...]  # newest first, one turn each
    log_moves: int  # every action so far (a take, a move, a placement… each counts one)
    undo: Control
    hint: Control
    over: bool
    solo: bool
    hint_target: tuple[str, object] | None = field(default=None)
    #: the turns line with cards by their year alone, for a narrow app (empty: ``turns`` is short)
    turns_short: tuple[str, ...] = field(default=())


# ---------------------------------------------------------------- the whole screen
def present(
    session: PlaySession, message: Message | None = None, *, hint: tuple[str, object] | None = None
) -> PlayScreen:
    """The screen of ``session`` with ``message`` in the message line and the coach's
    ``hint`` target (:func:`hint_target`) marked."""
    game = session.game
    label, turns = words.turns_line(session)
    log = words.log_lines(session)[::-1]
    return PlayScreen(
        banner=words.banner(session),
        stock=words.stock_note(session),
        turns_label=label,
        turns=tuple(turns),
        turns_short=tuple(words.turns_line_short(session)),
        message=message or Message(),
        more=words.button("more"),
        less=words.button("less"),
        tile=tile_screen(session, hint),
        chooser=chooser_screen(session, hint),
        hall=hall_screen(session, hint),
        score=score_table(session),
        opponents=opponents_screen(session),
        hand=hand_screen(session),
        sheet=sheet_screen(session),
        log_summary=words.log_summary(len(log)),
        log=tuple(log),
        log_moves=len(game.history),
        undo=Control(session.undo_refusal() is None, words.undo_tooltip(session)),
        hint=Control(not game.is_over and session.humans_turn),
        over=game.is_over,
        solo=game.is_solo,
        hint_target=hint,
    )


def table_of(session: PlaySession) -> Table:
    return Table(tuple(session.game.players), tuple(session.game.vehicles))


def tile_screen(session: PlaySession, hint: tuple[str, object] | None = None) -> Tile:
    game = session.game
    new = session.new_tile_cards()
    takeable = session.takeable()
    taking = session.humans_turn and game.phase is Phase.TAKE
    columns = []
    for continent in CONTINENTS:
        cards = tuple(
            TileCard(
                card,
                card in takeable,
                card in new,
                words.new_on_the_tile() if card in new else "",
                hint == ("card", card),
                _refusal_hover(session, card, takeable),
                words.ends_if_taken(card) if card in takeable and session.ends_exhibition_if_taken(card) else "",
            )
            for card in game.market[continent]
        )
        columns.append(TileColumn(continent, cards, taking and any(c.takeable for c in cards)))
    # the tile waits while your card waits for its spot (R10) or your vehicle for its continent (R8)
    waits = session.placing or (session.humans_turn and game.phase is Phase.MOVE)
    return Tile(not game.is_over, tuple(columns), table_of(session), words.no_card(), waits)


def chooser_screen(session: PlaySession, hint: tuple[str, object] | None = None) -> Chooser:
    shown = session.humans_turn and session.game.phase is Phase.MOVE
    allowed = (
        frozenset(a.continent for a in session.game.legal_actions() if isinstance(a, Move)) if shown else frozenset()
    )
    # a "continent" hint names the continent to move to
    hinted = cast("Continent", hint[1]) if hint is not None and hint[0] == "continent" else None
    return Chooser(shown, words.move_vehicle_label(), allowed, hinted)


def hall_screen(session: PlaySession, hint: tuple[str, object] | None = None) -> HallScreen:
    game = session.game
    seat = session.viewer
    hall = game.hall(seat)
    placing = session.placing
    legal = set(session.legal_spots()) if placing else set()
    nowhere = placing and not legal
    decade = game.secret_decades[seat] if game.secret_decades is not None else None
    notes = (words.secret_decade_note(decade),) if decade is not None and session.is_human(seat) else ()
    claims = claimed_continents(game.others(seat))
    rows = []
    for s, kind in enumerate(game.layout):
        row = []
        for i in range(kind.size):
            card = hall.showcases[s][i]
            refused = None
            hover = ""
            if card is None:
                name = spot_name(game.layout, s, i)
                # hover an unlit spot to read why the card may not go there
                if placing and (s, i) not in legal:
                    assert game.hand is not None  # a card is placed only once it is in hand (R10 follows R7)
                    refused = placement_in_words(hall, game.hand, s, i, game.others(), players=game.n_players)
                if refused:
                    hover = words.refused_spot_hover(name, refused.words, refused.rule)
                else:  # the showcase's rule before any card is refused there
                    hover = words.empty_spot_hover(name, kind)
            elif card.is_white and not card.is_einstein:
                hover = placed_white_card_hover(kind, white_card_continents(kind, hall.showcases[s], i, claims))
            row.append(
                Spot(
                    s,
                    i,
                    card,
                    enabled=placing,
                    lit=(s, i) in legal,
                    refused=nowhere and refused is not None,
                    hover=hover,
                    hinted=hint == ("spot", (s, i)),
                )
            )
        rows.append(tuple(row))
    depot_allowed = placing and session.can(ToDepot)
    end_allowed = placing and session.can(EndExhibition)
    return HallScreen(
        title=words.hall_title(session, seat),
        notes=notes,
        # the white card is in hand while its continent is chosen (R8): the title names it then too
        hand=words.hand_in_words(session) if placing or (session.humans_turn and game.phase is Phase.MOVE) else "",
        hand_label=words.in_hand_label(),
        spots=tuple(rows),
        depot_cards=tuple(hall.depot[k] if k < len(hall.depot) else None for k in range(DEPOT_SIZE)),
        free_depot_tooltip=words.free_depot_spot(session),
        depot_label=words.depot_title(),
        depot_count=f"{len(hall.depot)}/{DEPOT_SIZE}",
        depot=Control(depot_allowed, words.depot_tooltip(session), depot_allowed, hint == ("depot", None)),
        end=Control(end_allowed, words.end_tooltip(session, allowed=end_allowed), end_allowed, hint == ("end", None)),
    )


def score_table(session: PlaySession) -> ScoreTable:
    game = session.game
    sheet = session.live_score()
    goals = list(sheet.goals)
    solo = game.is_solo
    hidden = session.hidden_from_viewer()
    heads = tuple((score_words.goal_short(g), score_words.goal_hover(g, solo=solo)) for g in goals)
    rows = []
    for seat, name in enumerate(game.players):
        score = sheet[name]
        cells = []
        for goal in goals:
            if goal in score.points:
                line = score.line(goal)
                cells.append(
                    (minus(number(line.points * score.scale, "g")), score_words.line_tooltip(line, score.scale))
                )
            else:
                cells.append(("?", score_words.hidden_until_the_end()) if hidden else ("", ""))
        rows.append(ScoreRow(name, tuple(cells), minus(number(score.total, "g")), seat == session.viewer))
    footnote = ""
    if solo and not game.is_over and MID_CENTURY.key in sheet[game.players[0]].points:
        line = sheet[game.players[0]].line(MID_CENTURY.key)
        if line.reason.startswith("empty"):  # the solo start's large minus, said where it shows (S6, D11)
            # in the reader's own grouping: "−9,900" in English, "−9.900" in Spanish
            footnote = score_words.empty_mid_century_note(
                minus(number(line.points * sheet[game.players[0]].scale, ",.0f"))
            )
    return ScoreTable(
        footnote=footnote,
        shown=not game.is_over,
        title=score_words.live_title(game.is_over),
        note=score_words.live_note(solo=solo, over=game.is_over),
        heads=heads,
        legend=score_words.goal_legend(goals),
        player_head=score_words.column("player"),
        total_head=score_words.column("total"),
        rows=tuple(rows),
    )


def opponents_screen(session: PlaySession) -> Opponents:
    game = session.game
    rows = []
    for seat in range(game.n_players):
        if seat == session.viewer:
            continue
        claim = _claimed(game.hall(seat))
        rows.append(
            Opponent(
                seat,
                game.players[seat],
                words.seat_kind(session, seat),
                tuple(words.opponent_notes(session, seat)),
                words.claims(continent_name(claim)) if claim is not None else "",
                words.seat_label(session, seat),
                game.hall(seat),
            )
        )
    return Opponents(tuple(rows), frozenset(session.cards_of_last_turns()), table_of(session))


def _claimed(hall: Hall) -> Continent | None:
    """The continent of the coloured cards in the hall's One Continent showcase (R13, D6)."""
    for kind, spots in zip(hall.layout, hall.showcases):
        if kind.same_continent:
            return next((c.continent for c in spots if c is not None and c.continent is not None), None)
    return None


def hand_screen(session: PlaySession) -> HandScreen:
    game = session.game
    card = game.hand if session.humans_turn else None
    return HandScreen(not game.is_over, card, words.hand_owner(session, holding=card is not None))


def sheet_screen(session: PlaySession) -> Sheet:
    game = session.game
    if not game.is_over:
        return Sheet(None)
    sheet = game.score()
    whys = tuple(
        (score_words.why_summary(name, sheet[name].total), score_words.score_in_words(sheet[name]))
        for name in sheet.ranking
    )
    you = next((n for k, n in enumerate(game.players) if session.is_addressed(k)), None)
    winners = sheet.winners
    return Sheet(
        sheet,
        score_words.sheet_title(),
        whys,
        score_words.tiebreak_in_words(sheet, you),
        winners[0] if len(winners) == 1 else "",
    )


# ---------------------------------------------------------------- answers to clicks
def greeting(session: PlaySession, *, first: bool = False, again: bool = False) -> Message:
    """The first message of a game."""
    return Message(words.greeting(session, first=first, again=again))


def refused(session: PlaySession, rule: str | None) -> Message:
    """The answer to a click the game refused (the game is unchanged)."""
    return Message(words.not_possible(session), error=True, rule=rule)


def _refusal_hover(session: PlaySession, card: Card, takeable: set[Card]) -> str:
    refusal = words.take_refusal(session, card, takeable)
    return "" if refusal is None else f"{refusal[0]} ({refusal[1]})"


def refused_take(session: PlaySession, card: Card) -> Message | None:
    """Why ``card`` may not be taken from the tile now (``None`` if it may): said in the
    status line as a refused spot is, in words with the rule (R7, R8, R10)."""
    refusal = words.take_refusal(session, card)
    return None if refusal is None else Message(refusal[0], error=True, rule=refusal[1])


def refused_spot(session: PlaySession, showcase: int, spot: int) -> Message | None:
    """Why the card in hand may not go to this spot (``None`` if it may)."""
    game = session.game
    if not session.placing:
        return None
    assert game.hand is not None  # a card is placed only once it is in hand (R10 follows R7)
    plain = placement_in_words(
        game.hall(game.current), game.hand, showcase, spot, game.others(), players=game.n_players
    )
    return None if plain is None else Message(plain.words, error=True, rule=plain.rule)


def showcase_rule(session: PlaySession, showcase: int, before: Message) -> Message:
    """What a showcase asks of its cards, said when its name is clicked or tapped (R11–R14,
    V2–V6a): a touch screen shows no hover, and the status line is where a refusal would say it.
    The news it follows stays under it; one showcase's rule replaces another's."""
    layout = session.game.layout
    if not before.error and before.text in {words.showcase_rule_told(kind) for kind in layout}:
        before = Message(before.kept)
    return keeping(Message(words.showcase_rule_told(layout[showcase])), before)


def undone(session: PlaySession, what: str, scope: UndoScope | None = None) -> Message:
    return Message(words.undone(what, session, scope))


def undo_refused(session: PlaySession) -> Message:
    return Message(words.undo_refusal_in_words(session), error=True)


def after_turn(session: PlaySession, start: int, *, seat: int | None = None) -> Message:
    """The message line after a click: the turns since ``history[start]`` in words (only
    ``seat``'s when given; what the turns line tells already is not repeated), then the
    no-fit box when the card in hand fits nowhere."""
    since = session.turns_since(start)
    turns = zip(words.turns_in_words(session, since), words.turns_in_short_words(session, since))
    shown = {text for short in (False, True) for _, text in words.others_last_turns(session, short=short)}
    sentences = [(text, short) for (who, text), (_, short) in turns if seat is None or who == seat]
    told = [pair for pair in sentences if pair[0] not in shown]
    if sentences and not told and seat is not None and seat != session.viewer:
        handover = words.hot_seat_handover(session, seat)
        told = [(handover, handover)]  # hot-seat: the turn is the next player's turns line
    if len(told) > MAX_SENTENCES:
        # a person whose exhibition is final may watch many bot turns: keep the line short
        skipped = words.skipped_turns(len(told) - MAX_SENTENCES + 1)
        told = [*told[:1], (skipped, skipped), *told[-(MAX_SENTENCES - 2) :]]
    if any(session.ends_exhibition_if_taken(card) for card in session.takeable()):
        warning = words.ends_if_taken_line()
        told.append((warning, warning))  # said before the take, so a full Depot is no trap (R10a)
    text = words.sentences([long for long, _ in told])
    short = words.sentences([short for _, short in told])
    return Message(
        text,
        no_fit=no_fit(session) if session.hand_fits_nowhere() else None,
        short=short if short != text else "",
    )


def no_fit(session: PlaySession) -> NoFit:
    """Why the card in hand fits nowhere and what each way out costs, in one unit: fame
    points, or in a solo game points ×100 (S2). The costs come first: they are what the
    player must choose now."""
    game = session.game
    assert game.hand is not None  # the card that fits nowhere is the one in hand (R10a)
    nowhere = fits_nowhere_in_words(game.hall(game.current), game.hand, game.others(), players=game.n_players)
    costs = []
    if session.can(ToDepot):
        costs.append(NoFitCost(words.button("depot"), words.depot_cost_at_end(session), "R25"))
    if session.can(EndExhibition):
        costs.append(NoFitCost(words.button("end"), words.end_cost_in_words(session)))
    kinds = {showcase_name(kind): kind for kind in game.layout}
    reasons = tuple(
        NoFitReason(name, words.without_showcase(plain.words, kinds[name]), plain.rule) for name, plain in nowhere
    )
    title = words.no_fit_title(session, depot=session.can(ToDepot), end=session.can(EndExhibition))
    return NoFit(title, tuple(costs), words.why_no_fit_label(), reasons)


def hint_target(action: Action) -> tuple[str, object]:
    """Which control of the app a suggested action lights: ``("card", Card)``,
    ``("continent", Continent)``, ``("spot", (s, i))``, ``("depot", None)`` or ``("end", None)``."""
    if isinstance(action, Take):
        return "card", action.card
    if isinstance(action, Move):
        return "continent", action.continent
    if isinstance(action, Place):
        return "spot", (action.showcase, action.spot)
    if isinstance(action, ToDepot):
        return "depot", None
    if isinstance(action, EndExhibition):
        return "end", None
    raise ValueError(f"no control for {action}")


def hint_after(plan: tuple[Action, ...], action: Action) -> tuple[Action, ...]:
    """The rest of a hinted turn once ``action`` is played: the next steps when it was the
    hinted one, nothing when the player chose otherwise (the hint is declined)."""
    return plan[1:] if plan and plan[0] == action else ()
