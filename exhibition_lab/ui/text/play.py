"""Everything the play app says about a game in progress: what you may do now, who played
what, what Undo takes back, what ending costs, the result.

Functions of the model (:class:`~exhibition_lab.games.exhibition.session.PlaySession`)
returning plain text; each sentence is a message id (:func:`~.i18n._`) with named fields.
The app's HTML and widgets only place these sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.session import UndoRefusal
from ...games.exhibition.game import Game, Phase
from ...games.exhibition.rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot
from ...games.exhibition.rules.cards import Card
from ...games.exhibition.rules.goals import DEPOT, SECRET_DECADE
from ...games.exhibition.rules.layout import SHOWCASES, ShowcaseKind
from ...games.exhibition.session import YOU, PlaySession, Turn, UndoScope
from .explain import card_with_subject, ends_exhibition, history_in_words, joined_actions
from .i18n import N_, _, ngettext, pgettext, translate
from .names import (
    card_name,
    continent_name,
    decade_name,
    seat_kind_name,
    showcase_in_sentence,
    showcase_name,
    vehicle_name,
    you,
)
from .numbers import minus, number
from .score import solo_numbers_in_words
from .setup import variation_hover, variation_line

# ---------------------------------------------------------------- names


def possessive(session: PlaySession, seat: int) -> str:
    """``your`` for the player the app addresses, ``Ben's`` for anyone else."""
    if session.is_addressed(seat):
        return _("your")
    return _("{name}'s").format(name=session.game.players[seat])


def seat_label(session: PlaySession, seat: int) -> str:
    """``"Greedy 2 (greedy bot)"`` or a person's name alone."""
    name = session.game.players[seat]
    if session.is_human(seat):
        return name
    return _("{name} ({kind} bot)").format(name=name, kind=seat_kind_name(session.seats[seat]))


def seat_kind(session: PlaySession, seat: int) -> str:
    """``human`` or ``greedy bot``: what plays a seat."""
    return _("human") if session.is_human(seat) else _("{kind} bot").format(kind=seat_kind_name(session.seats[seat]))


def seats_in_words(session: PlaySession) -> str:
    """Every seat's label, in seat order."""
    return _(", ").join(seat_label(session, k) for k in range(session.game.n_players))


# ---------------------------------------------------------------- now
def what_now(session: PlaySession) -> str:
    """What the player to move may do now, naming only what is possible (R7–R10a)."""
    game = session.game
    if game.is_over:
        return _("The game is over.")
    who = game.current_player
    if not session.humans_turn:
        return _("{name} is thinking…").format(name=who)
    seat = game.current
    if game.phase is Phase.TAKE:
        here = game.vehicles[seat]
        if game.market[here]:
            if session.is_addressed(seat):
                text = _("{name}: take a card from {continent}, where your {vehicle} stands")
            else:
                text = _("{name}: take a card from {continent}, where {owner}'s {vehicle} stands")
            return text.format(name=who, continent=continent_name(here), owner=who, vehicle=vehicle_name(seat))
        return _("{name}: {continent} is empty, so take a card from any continent").format(
            name=who, continent=continent_name(here)
        )
    if game.phase is Phase.MOVE:
        if session.is_addressed(seat):
            return _("{name}: the white card lets your vehicle go anywhere — choose a continent").format(name=who)
        return _("{name}: the white card lets {owner}'s vehicle go anywhere — choose a continent").format(
            name=who, owner=who
        )
    return _("{name}: {options}").format(name=who, options=placing_options(session))


def placing_options(session: PlaySession) -> str:
    """The ways to play the card in hand, as one clause: ``place 1910 in a lit spot, put it
    in the Depot``; when it fits nowhere the clause says so first."""
    hand = session.game.hand
    assert hand is not None  # the options are asked for the card in hand (R10)
    card = card_name(hand)
    options = []
    if session.legal_spots():
        options.append(_("place {card} in a lit spot").format(card=card))
    if session.can(ToDepot):
        options.append(_("put it in the Depot"))
    if session.can(EndExhibition):
        options.append(_("end your exhibition"))
    if len(options) > 1:
        options[-1] = _("or {option}").format(option=options[-1])
    listed = _(", ").join(options)
    if session.legal_spots():
        return listed
    return _("{card} fits nowhere in the hall — {options}").format(card=card, options=listed)


def hint_badge() -> str:
    """The word on the card or spot the coach suggests (``hint``)."""
    return pgettext("coach badge", "hint")


def ends_badge() -> str:
    """The word on a tile card whose take would end your exhibition (``ends``, R10a)."""
    return pgettext("tile card", "ends")


def new_badge() -> str:
    """The word on a tile card that came since your last decision (``new``)."""
    return pgettext("tile card", "new")


def banner(session: PlaySession) -> str:
    """The one-line banner: the round and what to do now, or the result."""
    game = session.game
    if game.is_over:
        return _("Game over — {result}").format(result=result_in_words(session))
    return _("Round {round} · {now}").format(round=game.round, now=what_now(session))


#: A game's status line in a notebook, by the step the player to move is at (R7, R8, R10);
#: the card in hand follows the step that plays it.
GAME_STATUS = {
    Phase.TAKE: N_("Round {round} — {name} to take"),
    Phase.MOVE: N_("Round {round} — {name} to move {card}"),
    Phase.PLACE: N_("Round {round} — {name} to place {card}"),
}


def your_status(phase: Phase) -> str | None:
    """The status line's template for the person the apps call you (a player named ``You`` or
    the reader's word for it), R7, R8, R10. English says it as for any name; a language whose
    verb follows the person ("te toca", not "Vos debe") says it its own way."""
    if phase is Phase.TAKE:
        return pgettext("you", "Round {round} — You to take")
    if phase is Phase.MOVE:
        return pgettext("you", "Round {round} — You to move {card}")
    if phase is Phase.PLACE:
        return pgettext("you", "Round {round} — You to place {card}")
    return None


def game_status(game: Game) -> str:
    """A game's status line as a notebook shows it: ``Round 9 — Ann to place 1969NA · stock 75``
    or ``Game over · stock 0``."""
    if game.is_over:
        now = _("Game over")
    else:
        template = GAME_STATUS.get(game.phase)
        card = game.hand.token if game.hand else ""
        if template is None:  # a chance step, which a game resolves before anyone sees it
            template = N_("Round {round} — {name}")
        yours = your_status(game.phase) if game.current_player in (YOU, you()) else None
        if yours is not None:
            now = yours.format(round=game.round, card=card)
        else:
            now = _(template).format(round=game.round, name=game.current_player, card=card).strip()
    return _("{status} · stock {n}").format(status=now, n=game.stock_size)


def final_hall(name: str) -> str:
    """A hall's heading when its exhibition is final (R10a, R10b): ``Ann (final)``."""
    return _("{name} (final)").format(name=name)


def stock_note(session: PlaySession) -> str:
    """``(stock: 83 cards)``."""
    n = session.game.stock_size
    return ngettext("(stock: {n} card)", "(stock: {n} cards)", n).format(n=n)


def result_in_words(session: PlaySession) -> str:
    """The end of the game in one line: the winner(s), or a solo game's final score."""
    game = session.game
    sheet = game.score()
    if game.is_solo:
        total = minus(number(sheet[game.players[0]].total, "g"))
        return _("Final score: {total} points (solo, ×100 scale)").format(total=total)
    winners = sheet.winners
    if len(winners) == 1:
        return winner_in_words(session, winners[0])
    yours = [name for name in winners if session.is_addressed(game.players.index(name))]
    if yours:  # a tie you are part of is told to you (R27)
        others = [name for name in winners if name not in yours]
        return _("You share the win with {names}").format(names=_(" and ").join(others))
    return _("{names} share the win").format(names=_(" and ").join(winners))


def winner_in_words(session: PlaySession, name: str) -> str:
    """``You win``, ``Ann wins``, or to the person at the screen who lost, ``You lose: Ann wins``."""
    players = session.game.players
    if session.is_addressed(players.index(name)):
        return _("You win")
    if any(session.is_addressed(seat) for seat in range(len(players))):
        return _("You lose: {name} wins").format(name=name)
    return _("{name} wins").format(name=name)


def solo_rules_in_detail() -> str:
    """What the solo line (:func:`solo_rules_in_brief`) leaves out, said once behind "More":
    the ×100 scale, Mid Century's start and which tile cards are outside the pair (S2–S6, D11)."""
    return _(
        "Scores are shown ×{scale} (1 fame point = {scale} points, S2); a card in Mid Century starts "
        "from +{base} (S6); outside Years Gap's pair means older than its left card or younger than its "
        "right card (S4)."
    ).format(**solo_numbers_in_words())


def solo_rules_in_brief() -> str:
    """What a solo game changes, in one short line (the rest of it: :func:`solo_rules_in_detail`)."""
    return _(
        "Solo: Mid Century loses {per_year} points per year your card is away from {year}; "
        "Years Gap loses {scale} per card left on the tile outside its pair."
    ).format(**solo_numbers_in_words())


def variations_in_words(game: Game) -> str:
    """The variation showcases and the Secret Decade of ``game`` in one sentence, each with
    its rule (V2–V7), or ``""`` for the base game: ``"Variations: Links over General — …
    (V3)."``, the line quoting the numbers of the showcase's record."""
    parts = [
        _("{name} over {base} — {line} ({rule})").format(
            name=showcase_name(kind),
            base=showcase_name(SHOWCASES[kind.covers]),
            line=variation_line(kind.key),
            rule=kind.rule,
        )
        for kind in game.layout
        if kind.covers is not None  # a variation showcase: it lies over one base (V1)
    ]
    if game.secret_decades is not None:
        parts.append(
            _("{name} — {line} ({rule})").format(
                name=translate(SECRET_DECADE.label),
                line=_("+1 fame point per hall card of your hidden decade"),
                rule=SECRET_DECADE.rule,
            )
        )
    if not parts:
        return ""
    listed = _("; ").join(parts)
    return ngettext("Variation: {parts}.", "Variations: {parts}.", len(parts)).format(parts=listed)


def greeting(session: PlaySession, *, first: bool = False, again: bool = False) -> str:
    """The first message of a game: who plays, the seed that dealt it (type it in
    “New game…” to deal the same cards again), the variations in play and a solo game's
    scoring."""
    seed, seats = session.setup.seed, seats_in_words(session)
    # a solo game's changed scoring is its first line, in sight before "More" (S4, S6)
    first_line = solo_rules_in_brief() if session.game.is_solo else ""
    if again:
        text = _("Dealt again with seed {seed}: {seats}.").format(seed=seed, seats=seats)
    else:
        text = _("New game (seed {seed}): {seats}.").format(seed=seed, seats=seats)
    more = [variations_in_words(session.game)]
    if first and not session.game.is_solo:
        more.append(_("“New game…”, beside Undo, chooses players, bots and variations."))
    if session.game.is_solo:
        # the solo rules read as one piece, the seed that dealt the game after them
        return " ".join([m for m in (first_line, solo_rules_in_detail(), *more, text) if m])
    return " ".join([m for m in (first_line, text, *more) if m])


def stand_in() -> str:
    """What a page that cannot draw the play app says in its place: a notebook not run yet, a
    static page, or JupyterLab's first drawing of a widget in a kernel just started, which it
    sometimes skips (run again, it draws)."""
    return _(
        "The board appears here when the notebook runs: choose Run ▸ Run All Cells (or open the notebook"
        " with Voilà). If this cell has run and the board still does not show, run the cell again"
        " (Shift+Enter): JupyterLab sometimes draws an app only the second time."
    )


def app_in_words(session: PlaySession) -> str:
    """The play app as the plain text of its notebook cell: who plays and where the game stands."""
    game = session.game
    if game.is_over:
        state = _("game over")
    else:
        if session.is_addressed(game.current):
            state = pgettext("you", "round {round}, You to move").format(round=game.round)
        else:
            state = _("round {round}, {name} to move").format(round=game.round, name=game.current_player)
    return _("Play app: {seats} ({state})").format(seats=seats_in_words(session), state=state)


# ---------------------------------------------------------------- turns
def turn_sentence(name: str, actions: Sequence[str], *, own: bool = False, ending: bool = False) -> str:
    """``Greedy 2 took 1953 “…” from the Oceania column, moved the Ford to Asia and placed it in Mid Century``;
    ``own`` tells the reader's own turn (``You took…``; Spanish drops the pronoun, as its
    verb says who: ``Tomaste…``); ``ending``: the turn ended the exhibition (R10a)."""
    listed = joined_actions(actions, ending=ending)
    if not own:
        return _("{name} {actions}").format(name=name, actions=listed)
    text = pgettext("you", "You {actions}").format(actions=listed)
    return text[:1].upper() + text[1:]


def your_seats(session: PlaySession) -> frozenset[int]:
    """The seats the app speaks to as "you": the person at the screen under the name the
    apps give them (in English or the reader's language)."""
    return frozenset(s for s in range(session.game.n_players) if session.is_addressed(s))


def turns_in_words(
    session: PlaySession, turns: Sequence[Turn], words: Sequence[str] | None = None
) -> list[tuple[int, str]]:
    """Each turn as ``(seat, sentence)``; ``words`` are the sentences of every action of
    the history (:func:`~.explain.history_in_words`), computed here if not given."""
    yours = your_seats(session)
    words = history_in_words(session.game, you=yours) if words is None else words
    players = session.game.players
    game = session.game
    return [
        (
            t.seat,
            turn_sentence(
                players[t.seat], words[t.start : t.stop], own=t.seat in yours, ending=ends_exhibition(game, t.stop)
            ),
        )
        for t in turns
    ]


def turns_in_short_words(session: PlaySession, turns: Sequence[Turn]) -> list[tuple[int, str]]:
    """:func:`turns_in_words` with each card named by its year alone (the subject stays on the
    card's hover): the form a narrow app shows, so where each card went is read in two lines."""
    return turns_in_words(session, turns, history_in_words(session.game, short=True, you=your_seats(session)))


def others_last_turns(session: PlaySession, *, short: bool = False) -> list[tuple[int, str]]:
    """The other players' turns since the viewer's previous turn, one sentence each (in a
    solo game, your last full turn). ``short`` names each card by its year alone (the
    subject stays on the card's hover)."""
    words = history_in_words(session.game, short=short, you=your_seats(session))
    return turns_in_words(session, session.others_last_turns(), words)


def turns_label(session: PlaySession) -> str:
    """The label of the other players' turns: from whose turn on they are told. "Since your
    last turn" only when the viewer has finished a turn (else "Before your first turn"); at
    the end "After your last turn"; hot-seat players by name, so each knows whose it is."""
    game = session.game
    if game.is_solo:
        return _("Your last turn")
    viewer = session.viewer
    name = game.players[viewer]
    named = len(session.human_seats) > 1
    if game.is_over:
        label = _("After {name}'s last turn") if named else _("After your last turn")
    elif session.has_finished_a_turn(viewer):
        label = _("Since {name}'s last turn") if named else _("Since your last turn")
    else:
        label = _("Before {name}'s first turn") if named else _("Before your first turn")
    return label.format(name=name) if named else label


def turns_line(session: PlaySession) -> tuple[str, list[str]]:
    """The turns line: its label and the turns told (several turns share two lines, so
    each card is named by its year; a solo game's own turn without "You")."""
    turns = others_last_turns(session)
    if len(turns) > 1:
        turns = others_last_turns(session, short=True)
    if not turns:
        return "", []
    if session.game.is_solo:
        turns = own_turns(session, session.others_last_turns())
    return turns_label(session), [text for _, text in turns]


def turns_line_short(session: PlaySession) -> list[str]:
    """The other players' turns with each card named by its year alone, where the turns line
    names a card by its subject too (one bot's turn): the form shown where the app is
    narrow (a notebook cell beside the file browser), so where the card went is read in the
    line's two lines, not behind "More". ``[]`` when the line is short already (several
    turns, a solo game)."""
    if session.game.is_solo:
        return []
    turns = others_last_turns(session)
    if len(turns) != 1:
        return []
    short = [text for _, text in others_last_turns(session, short=True)]
    return [] if short == [text for _, text in turns] else short


def own_turns(session: PlaySession, turns: Sequence[Turn]) -> list[tuple[int, str]]:
    """Turns of the lone player, said without their name (``took 1965 … and placed it in …``)."""
    words = history_in_words(session.game, you=your_seats(session))
    return [
        (t.seat, joined_actions(words[t.start : t.stop], ending=ends_exhibition(session.game, t.stop))) for t in turns
    ]


def sentences(parts: Sequence[str]) -> str:
    """Sentences told one after the other, each closed by a full stop: ``A. B.`` (the stop
    and the space after it are the language's: ``A。B。``)."""
    return "".join(_("{sentence}. ").format(sentence=part) for part in parts).rstrip()


def label_of(label: str) -> str:
    """A label before what it names: ``Since your last turn:`` (the colon is the language's)."""
    return _("{label}:").format(label=label)


def hot_seat_handover(session: PlaySession, seat: int) -> str:
    """After a hot-seat turn, whose turn it is now (the turn itself is told below it, on the turns line)."""
    return _("{name}'s turn is over (told below); now it is {next}'s turn").format(
        name=session.game.players[seat], next=session.game.players[session.viewer]
    )


def skipped_turns(n: int) -> str:
    """The gap in a long run of bot turns: ``… 4 more turns (see the log)``."""
    return ngettext("… {n} more turn (see the log)", "… {n} more turns (see the log)", n).format(n=n)


def log_lines(session: PlaySession) -> list[str]:
    """Every turn so far in one sentence each, oldest first: ``Ron took 1969 · … from Asia,
    placed it in Links`` (a turn is a take and what follows it, or an exhibition's end)."""
    return [text for _, text in turns_in_words(session, session.turns_since(0))]


def log_summary(n: int) -> str:
    """``Log (12 turns)``."""
    return ngettext("Log ({n} turn)", "Log ({n} turns)", n).format(n=n)


# ---------------------------------------------------------------- undo
def decision_noun(action: Action, card_year: str | None) -> str:
    """A decision as a noun phrase: ``placement of 1910``, ``move to Asia``."""
    if isinstance(action, Take):
        return _("taking of {card}").format(card=card_year)
    if isinstance(action, Move):
        return pgettext("decision", "move to {continent}").format(continent=continent_name(action.continent))
    if isinstance(action, Place):
        return _("placement of {card}").format(card=card_year) if card_year else _("placement")
    if isinstance(action, ToDepot):
        return _("Depot move of {card}").format(card=card_year) if card_year else _("Depot move")
    return _("exhibition ending")


def undo_in_words(session: PlaySession) -> str:
    """What Undo would take back, counted in turns: ``your placement of 1910 and Greedy 2's
    turn``; another person's decision is named (``Ben's exhibition ending``), never with a
    gendered pronoun."""
    scope = session.undo_scope()
    if scope is None:
        return _("nothing")
    yours = session.humans_turn or len(session.human_seats) == 1
    owner = session.game.players[scope.owner]
    card = card_name(scope.card) if scope.card is not None else None
    decision = decision_noun(scope.decision, card)
    if yours:
        own = _("your {decision}").format(decision=decision)
    else:
        own = _("{name}'s {decision}").format(name=owner, decision=decision)
    if scope.forced_end:  # the forced end that followed goes back too
        if yours:
            own = _("{decision}, your exhibition ending").format(decision=own)
        else:
            own = _("{decision}, {name}'s exhibition ending").format(decision=own, name=owner)
    if not scope.others:
        return own
    others = _(" and ").join(_("{name}'s turn").format(name=session.game.players[s]) for s in scope.others)
    return _("{own} and {others}").format(own=own, others=others)


def undo_refusal_in_words(session: PlaySession) -> str:
    """Why Undo is refused now, as a sentence (``""`` when it is allowed)."""
    refusal = session.undo_refusal()
    if refusal is None:
        return ""
    why, owner = refusal
    if why is UndoRefusal.NO_PEOPLE:
        return _("A game of bots has nothing to undo")
    if why is UndoRefusal.ONLY_FORCED:
        return _("Nothing to undo: every human move so far was forced (the only one possible)")
    if why is UndoRefusal.NOT_YOURS:
        assert owner is not None  # this refusal always names the seat whose decision is last
        return _(
            "Undo takes back only your own moves: the last one was {name}'s (hot-seat players cannot undo each other)"
        ).format(name=session.game.players[owner])
    return _("Nothing to undo: no human move yet")


def undo_tooltip(session: PlaySession) -> str:
    """The Undo button's hover: what it takes back, or why it cannot."""
    return undo_refusal_in_words(session) or _("Take back {what}").format(what=undo_in_words(session))


def undone(what: str, session: PlaySession, scope: UndoScope | None = None) -> str:
    """The answer to Undo: ``Took back your placement of 1910: the card is back in your hand.
    You: place …``; ``scope`` (what Undo took back, asked before it did) says where the card went."""
    now = what_now(session)
    if scope is None or scope.card is None:
        return _("Took back {what}. {now}.").format(what=what, now=now)
    # a take undone puts the card back in its column (R7); any later decision, in the hand
    taken = isinstance(scope.decision, Take)
    back = _("the card is back on the tile") if taken else _("the card is back in your hand")
    return _("Took back {what}: {back}. {now}.").format(what=what, back=back, now=now)


def take_refusal(session: PlaySession, card: Card, takeable: set[Card] | None = None) -> tuple[str, str] | None:
    """Why the person to move may not take ``card`` from the tile now, with the rule, or
    ``None`` when they may: a card waits in hand for its spot (R10), the white card's move
    comes first (R8), or the card lies at another continent than the vehicle (R7).
    ``takeable``: the cards that may be taken, when already asked for."""
    game = session.game
    if game.is_over or not session.humans_turn or card in (session.takeable() if takeable is None else takeable):
        return None
    seat = game.current
    if game.phase is Phase.PLACE and game.hand is not None:
        return _("{hand} is in hand: place it, or put it in the Depot, before another card is taken").format(
            hand=card_name(game.hand)
        ), "R10"
    if game.phase is Phase.MOVE:
        return _("the white card's move comes first: choose the continent for the vehicle"), "R8"
    here = game.vehicles[seat]
    if session.is_addressed(seat):
        text = _("{card} is in the {column} column: you may take only from {continent}, where your {vehicle} stands")
    else:
        text = _(
            "{card} is in the {column} column: {owner} may take only from {continent}, where their {vehicle} stands"
        )
    column = next((c for c, cards in game.market.items() if card in cards), here)
    return text.format(
        card=card_name(card),
        column=continent_name(column),
        continent=continent_name(here),
        owner=game.current_player,
        vehicle=vehicle_name(seat),
    ), "R7"


def ends_if_taken(card: Card) -> str:
    """The warning on a card you may take that would end your exhibition (R10a)."""
    return _("Taking {card} ends your exhibition: it fits nowhere in your hall and your Depot is full (R10a)").format(
        card=card_name(card)
    )


def ends_if_taken_line() -> str:
    """Said in the message line when a card you may take would end your exhibition (R10a)."""
    return _(
        "Your Depot is full: a card marked “ends” (ringed in red) fits nowhere in your hall, and taking it ends "
        "your exhibition"
    )


def not_possible(session: PlaySession) -> str:
    """The answer to a click the game refused."""
    return _("Not possible now. {now}").format(now=what_now(session))


# ---------------------------------------------------------------- the hall
def _end_penalty(session: PlaySession) -> tuple[int, str]:
    """The empty spots of the hall to move and what they cost for good (R24; S2: solo ×100)."""
    game = session.game
    empty = game.hall(game.current).n_empty
    if not empty:
        return empty, _("no penalty")
    if game.is_solo:
        return empty, _("−{points} points").format(points=empty * 100)
    return empty, ngettext("−{points} fame point", "−{points} fame points", empty).format(points=empty)


def end_cost_in_words(session: PlaySession) -> str:
    """What *End exhibition* costs, said before the click (R10a, R24)."""
    game = session.game
    empty, cost = _end_penalty(session)
    card = card_name(game.hand) if game.hand else _("the card in hand")
    sentence = ngettext(
        "ending makes your hall final: {card} leaves the game (R10a) and its {n} empty spot stays empty for good "
        "({cost}, R24)",
        "ending makes your hall final: {card} leaves the game (R10a) and its {n} empty spots stay empty for good "
        "({cost}, R24)",
        empty,
    ).format(card=card, n=empty, cost=cost)
    if session.depot_is_full():
        return _("your Depot is full, so {consequence}").format(consequence=sentence)
    return sentence


def depot_cost(session: PlaySession) -> str:
    """What a Depot card costs at the end, in the game's unit (S2: solo points are ×100)."""
    return _("−100 points") if session.game.is_solo else _("−1 fame point")


def depot_tooltip(session: PlaySession) -> str:
    return _("Put the card in a free Depot spot (R10; {cost} at the end, R25)").format(cost=depot_cost(session))


def end_tooltip(session: PlaySession, *, allowed: bool) -> str:
    """End exhibition's hover: its cost when allowed, else when it is."""
    if allowed:
        return _("End exhibition: {cost}").format(cost=end_cost_in_words(session))
    return _(
        "Allowed only when the card in hand fits no hall spot (R10a); "
        "it makes your hall final: every empty spot stays empty ({cost} each, R24)"
    ).format(cost=depot_cost(session))


def free_depot_spot(session: PlaySession) -> str:
    return _("free Depot spot ({cost} per card at the end, R25)").format(cost=depot_cost(session))


def hall_title(session: PlaySession, seat: int) -> str:
    """``Your Exhibition Hall`` or ``Ben's Exhibition Hall``."""
    if session.is_addressed(seat):
        return _("Your Exhibition Hall")
    return _("{name}'s Exhibition Hall").format(name=session.game.players[seat])


def depot_title() -> str:
    """The Depot's name over its spots."""
    return translate(DEPOT.label)


def secret_decade_note(decade: int) -> str:
    return _("your Secret Decade: {decade}").format(decade=decade_name(decade))


def in_hand_label() -> str:
    return _("in hand:")


def hand_in_words(session: PlaySession) -> str:
    """The card in hand with its subject, or ``""``."""
    return card_with_subject(session.game.hand) if session.game.hand else ""


def hand_owner(session: PlaySession, *, holding: bool) -> str:
    """The label over the card in hand: ``In your hand`` or ``Ben's hand``."""
    seat = session.game.current
    if session.is_addressed(seat) or not holding:
        return _("In your hand")
    return _("{name}'s hand").format(name=session.game.players[seat])


def showcase_rule_line(kind: ShowcaseKind) -> str:
    """What a showcase asks of its cards, in one line from its record: ``years ascend left to
    right (R11); no continent twice (R12)`` — said on an empty spot's hover before any card
    is refused there."""
    if kind.size == 1:  # one spot: no neighbour to ascend from or share a continent with
        return _("any card fits here ({rule})").format(rule=kind.rule)
    parts = [_("years ascend left to right (R11)")]
    if kind.line is not None:  # a variation says its own requirement (V2–V6a)
        parts.append(_("{line} ({rule})").format(line=_(kind.line).format(**kind.numbers), rule=kind.rule))
    elif kind.same_continent:
        parts.append(
            _("all its cards of one continent, which no other player's {showcase} holds (R13)").format(
                showcase=showcase_name(kind)
            )
        )
    elif kind.max_step is not None:
        parts.append(
            _("neighbours at most {step} years apart, {step} more per empty spot between (R14)").format(
                step=kind.max_step
            )
        )
    if kind.distinct_continents:
        parts.append(_("no continent twice (R12)"))
    return _("; ").join(parts)


def showcase_name_hover(kind: ShowcaseKind) -> str:
    """What a showcase's name says on hover: its rule line (a variation's also names the
    rule and what it lies over, V1)."""
    return variation_hover(kind.key) if kind.is_variation else showcase_rule_line(kind)


def showcase_rule_told(kind: ShowcaseKind) -> str:
    """A showcase's rule said in the status line when its name is clicked, named first
    (``General: years ascend left to right (R11); no continent twice (R12)``); a variation's
    says its own requirement with its rule id (V2–V6a) in the same short line."""
    return _("{spot}: {rule}").format(spot=showcase_name(kind), rule=showcase_rule_line(kind))


def empty_spot_hover(spot_name: str, kind: ShowcaseKind) -> str:
    """An empty spot's hover: its name and its showcase's rule (``General, 1st spot: years
    ascend left to right (R11); no continent twice (R12)``)."""
    return _("{spot}: {rule}").format(spot=spot_name, rule=showcase_rule_line(kind))


def refused_spot_hover(spot_name: str, words: str, rule: str) -> str:
    return _("{spot}: {why} ({rule})").format(spot=spot_name, why=words, rule=rule)


def new_on_the_tile() -> str:
    return _("new on the tile (refilled from the stock)")


def no_card() -> str:
    return _("no card")


def empty_spot() -> str:
    return _("empty spot")


def move_vehicle_label() -> str:
    return _("Move your vehicle to:")


def no_fit_title(session: PlaySession, *, depot: bool, end: bool) -> str:
    """The no-fit box's first line, what the player must choose now with what each way out
    costs (R10, R10a, R24, R25): ``1981 fits no spot of your hall: Put in Depot (−1 fame
    point) or End exhibition (5 empty spots stay: −5 fame points).``"""
    hand = session.game.hand
    assert hand is not None  # the card that fits nowhere is the one in hand (R10a)
    ways = []
    if depot:
        ways.append(_("{depot} ({cost})").format(depot=button("depot"), cost=depot_cost(session)))
    if end:
        empty, cost = _end_penalty(session)
        ways.append(
            ngettext("{end} ({n} empty spot stays: {cost})", "{end} ({n} empty spots stay: {cost})", empty).format(
                end=button("end"), n=empty, cost=cost
            )
        )
    return _("{card} fits no spot of your hall: {ways}.").format(card=card_name(hand), ways=_(" or ").join(ways))


def depot_cost_at_end(session: PlaySession) -> str:
    return _("{cost} at the end").format(cost=depot_cost(session))


def why_no_fit_label() -> str:
    return _("Why it fits nowhere:")


def without_showcase(words: str, kind: ShowcaseKind) -> str:
    """A no-fit reason under its showcase's name, without repeating it: ``1904 must stand
    left of 1923: years ascend`` under *General*."""
    return words.replace(_(" in {showcase}").format(showcase=showcase_in_sentence(kind)), "")


# ---------------------------------------------------------------- others' halls
def opponent_notes(session: PlaySession, seat: int) -> list[str]:
    game = session.game
    if game.final[seat]:
        return [_("final")]
    if seat == game.current and not game.is_over:
        return [_("to move")]
    return []


def claims(continent_title: str) -> str:
    return _("claims {continent}").format(continent=continent_title)


# ---------------------------------------------------------------- buttons
BUTTONS = {
    "undo": N_("Undo"),
    "setup": N_("New game…"),
    "again": N_("Play again"),
    "hint": N_("Hint"),
    "review": N_("Review"),
    "what_if": N_("What if…"),
    "depot": N_("Put in Depot"),
    "end": N_("End exhibition"),
    "more": N_("More"),
    "less": N_("Less"),
    "board": N_("Back to the board"),
    "close": N_("Close"),
}


def button(key: str) -> str:
    """A button's label by key (see :data:`BUTTONS`)."""
    return _(BUTTONS[key])


def tool_place() -> str:
    """Where an open tool stands, said in its head: under the hall, the board above it."""
    return _("— under your hall; the tile and your hall are above")


def what_if_tooltip() -> str:
    """What the What if… button opens, said on hover (a solo game's pair showcase, S4)."""
    return _(
        "What if…: the odds of the Years Gap pair you aim for, on the cards still to come — "
        "before you commit a card to it"
    )
