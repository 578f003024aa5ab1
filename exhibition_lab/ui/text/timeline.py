"""Everything Timeline says in words: a play as everyone saw it, the app's labels and
messages, the pictures' captions and the knowledge table.

Functions of the model (:class:`~exhibition_lab.games.timeline.agents.TimelineSession`, a
:class:`~exhibition_lab.games.timeline.rules.Reveal`, a result) returning plain text; each
sentence is a message id (:func:`~.i18n._`, :func:`~.i18n.ngettext`) with named fields, so
a catalog can translate and reorder it. Fields may be filled with markup by the HTML that
places a sentence; the sentences themselves hold none.

>>> and_join(["Ada", "Bea", "Cy"])
'Ada, Bea and Cy'
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.words import WordTable
from ...games.timeline.agents import KnowledgeResult, TimelineResult, TimelineSession
from ...games.timeline.rules import Reveal, TimelineView
from .i18n import DEFAULT_LANGUAGE, _, language, ngettext
from .names import you
from .numbers import number

# ---------------------------------------------------------------- a play in words


def and_join(names: Sequence[str]) -> str:
    """``["Ada", "Bea", "Cy"]`` → ``"Ada, Bea and Cy"``."""
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {last}").format(first=_(", ").join(names[:-1]), last=names[-1])


def neighbours(left: int | None, right: int | None) -> str:
    """Where a gap lies, by the years of its neighbours: ``between 1943 and 1970``."""
    if left is None and right is None:
        return _("the first card")
    if left is None:
        return _("before {year}").format(year=right)
    if right is None:
        return _("after {year}").format(year=left)
    return _("between {left} and {right}").format(left=left, right=right)


def between(reveal: Reveal) -> str:
    """Where a card was played (T2)."""
    return neighbours(reveal.left_year, reveal.right_year)


def _result_summary(result: TimelineResult) -> str | None:
    """:meth:`TimelineResult.summary` in the reader's language; ``None`` leaves English to the
    engine, so code written once (a lesson's cell) reads in every language."""
    if language() == DEFAULT_LANGUAGE:
        return None
    turns = number(float(result.turns.mean()), ".1f")
    lines = [
        ngettext(
            "{n} game, seed {seed}, {turns} turns per game",
            "{n} games, seed {seed}, {turns} turns per game",
            result.n_games,
        ).format(n=number(result.n_games, ","), seed=result.seed, turns=turns)
    ]
    for k, (bot, rate) in enumerate(zip(result.bots, result.win_rates())):
        lines.append(_("seat {k} ({bot}): wins {rate}").format(k=k, bot=bot_words(bot), rate=number(rate, ".1%")))
    return "\n".join(lines)


def bot_words(bot: str) -> str:
    """A Timeline bot's label (``history ±10``) in the reader's language."""
    if bot.startswith("history ±"):
        return _("history ±{spread}").format(spread=bot.removeprefix("history ±"))
    return bot


def seat_names(players: int) -> list[str]:
    """The names of a new game's seats in the reader's language: the person at the screen
    (seat 1), then the bots (T1)."""
    return [you()] + [_("Bot {n}").format(n=k) for k in range(2, players + 1)]


def player_name(session: TimelineSession, seat: int) -> str:
    """ "You" for the only person at the screen, the name for anyone else."""
    return you() if session.is_addressed(seat) else session.game.players[seat]


def describe(session: TimelineSession, reveal: Reveal) -> str:
    """One sentence about a play: right or wrong, the subject and its true year (T3), and
    what followed: a draw (T3), a reshuffle (T6), the end of the round (T5, D16)."""
    game = session.game
    fields = {
        "who": player_name(session, reveal.seat),
        "title": reveal.card.title,
        "year": reveal.card.year,
        "where": between(reveal),
    }
    if reveal.correct:
        text = _("{who} placed “{title}” right: {year}, {where}.").format(**fields)
    else:
        text = _("{who} placed “{title}” wrong: it is {year}, not {where}.").format(**fields)
        if reveal.drew and not game.is_solo:
            text += " " + _("The card is removed and a new one drawn.")
    if reveal.reshuffled:
        text += " " + _("The pile ran out: removed cards were shuffled into a new pile.")
    names = and_join([game.players[s] for s in reveal.emptied])
    if reveal.round_end == "playoff":
        text += " " + _("{names} emptied their hands this round: only they play on, each with a new card.").format(
            names=names
        )
    elif reveal.round_end == "shared":
        text += " " + _("{names} emptied their hands and no cards are left: they share the win.").format(names=names)
    elif reveal.round_end == "limit":
        winners = [game.players[s] for s in game.winners]
        text += " " + ngettext(
            "That was the last round: {names} holds the fewest cards and wins.",
            "That was the last round: {names} hold the fewest cards and share the win.",
            len(winners),
        ).format(names=and_join(winners))
    return text


# ---------------------------------------------------------------- the app
def banner(session: TimelineSession) -> str:
    """The app's headline: whose turn, or how the game ended."""
    game = session.game
    if game.is_over:
        if game.is_solo:
            return ngettext(
                "Practice over — {score} card placed right, best streak {best}",
                "Practice over — {score} cards placed right, best streak {best}",
                game.score,
            ).format(score=game.score, best=game.best_streak)
        names = game.winner_names
        if len(names) > 1:
            return _("Game over — shared win: {names}").format(names=_(", ").join(names))
        if session.is_human(game.winners[0]):
            return _("Game over — you win!")
        return _("Game over — {name} wins").format(name=names[0])
    if game.is_solo:
        return _("Solo practice: place each card where its year belongs")
    return _("Round {round} — your turn").format(round=game.round)


def hand_label(picked: str | None) -> str:
    """The label above the hand: what to click next (``picked``: the chosen card's subject)."""
    if picked is None:
        return _("Your hand — click a card, then a gap")
    return _("Your hand — “{title}” picked: now click the green gap where its year belongs").format(title=picked)


def hand_count(name: str, size: int) -> str:
    """``Ada: 5 cards``."""
    return ngettext("{name}: {n} card", "{name}: {n} cards", size).format(name=name, n=size)


def seat_state(out: bool, winner: bool) -> str:
    """What the scoreboard adds after a seat's count."""
    if winner:
        return _(" — winner")
    return _(" — out") if out else ""


def bots_line(kinds: Sequence[str]) -> str:
    """The kinds of bots at the table: ``bots: history ±10 years``."""
    return _("bots: {kinds} years").format(kinds=_(", ").join(kinds))


def pile_line(size: int) -> str:
    """The scoreboard's pile: ``pile: 40``."""
    return _("pile: {n}").format(n=size)


def streak_line() -> str:
    """Solo practice's counters; the fields (``score``, ``streak``, ``best``, ``hearts``,
    ``pile``) are filled by the app."""
    return _("Placed right: {score} · streak: {streak} (best {best}) · mistakes left: {hearts} · pile: {pile}")


def plays_so_far(count: int) -> str:
    """The heading of the log of plays: ``Plays so far (12)``."""
    return _("Plays so far ({n})").format(n=count)


def timeline_label() -> str:
    """The heading above the timeline."""
    return _("Timeline")


def solo_practice() -> str:
    """The players menu's choice of one player (T8)."""
    return _("Solo practice")


def bots_knowledge() -> str:
    """The label of the bots' knowledge slider."""
    return _("Bots ± years")


def new_game() -> str:
    """The new game button."""
    return _("New game")


def start_hint() -> str:
    """The first message of the app."""
    return _("Click a card of your hand, then the gap where you think its year belongs.")


def new_game_hint() -> str:
    """The message after a new game is dealt."""
    return _("New game: click a card of your hand, then a gap.")


def not_your_turn() -> str:
    """A card was clicked while a bot is to play."""
    return _("It is not your turn.")


def game_is_over() -> str:
    """A gap was clicked after the end of the game."""
    return _("The game is over; start a new one below.")


def card_first() -> str:
    """A gap was clicked before a card."""
    return _("First click a card of your hand, then a gap.")


def players_option(count: int) -> str:
    """The players menu's choice of ``count`` players."""
    return _("{n} players").format(n=count)


def app_text(session: TimelineSession) -> str:
    """What a static rendering of a notebook shows in place of the live app."""
    game = session.game
    state = _("over") if game.is_over else _("round {n}").format(n=game.round)
    return _("Timeline app: {players} ({state}). Run the notebook to play.").format(
        players=_(", ").join(game.players), state=state
    )


# ---------------------------------------------------------------- a view
def view_status(view: TimelineView) -> str:
    """The first line of a seat's view: the round and who plays, or how it ended."""
    if view.over:
        names = _(", ").join(view.players[s] for s in view.winners)
        if names:
            return _("Game over — winner: {names}").format(names=names)
        return _("Practice over — {n} placed right").format(n=view.placed[0])
    return _("Round {round} · {name} to play").format(round=view.round, name=view.players[view.current])


def out_mark(active: bool) -> str:
    """What a view adds after the count of a player who dropped out (T5)."""
    return "" if active else _(" (out)")


def pile_count(size: int) -> str:
    """The view's pile: ``pile 40``."""
    return _("pile {n}").format(n=size)


def hand_of(name: str) -> str:
    """The heading above a player's own hand (T7)."""
    return _("{name}’s hand").format(name=name)


def no_cards() -> str:
    """An empty hand."""
    return _("no cards")


def gap_title(gap: int) -> str:
    """The hover text of a numbered gap (T2)."""
    return _("gap {n}").format(n=gap)


# ---------------------------------------------------------------- knowledge
def knowledge_caption(result: KnowledgeResult) -> str:
    """The title of the knowledge table."""
    return _("Win rate of one bot against bots of ±{reference} years ({n} games per cell)").format(
        reference=f"{result.reference:g}", n=number(result.n_games, ",")
    )


def spread_heading(spread: float) -> str:
    """A column of the knowledge table: ``±5 y``."""
    return _("±{spread} y").format(spread=f"{spread:g}")


def players_heading(count: int) -> str:
    """A row of the knowledge table: ``4 players``."""
    return _("{n} players").format(n=count)


def fair_label() -> str:
    """The text table's column of fair shares."""
    return _("fair")


def fair_share_label() -> str:
    """The HTML table's column of fair shares."""
    return _("fair share")


def players_label() -> str:
    """The text table's column of player counts."""
    return _("players")


def knowledge_table(result: KnowledgeResult) -> str:
    """The knowledge table as text: one row per player count, one column per spread."""
    head = f"{players_label()} " + " ".join(f"{spread_heading(s):>7}" for s in result.spreads) + f"   {fair_label()}"
    lines = [knowledge_caption(result), head]
    for i, p in enumerate(result.players):
        rates = " ".join(f"{rate:>7.0%}" for rate in result.win_rate[i])
        lines.append(f"{p:>7} {rates} {1 / p:>6.0%}")
    return "\n".join(lines)


def chart_title(result: KnowledgeResult) -> str:
    """The title of the knowledge chart."""
    return _("One bot against bots of ±{reference} years (shaded: {level} interval; dashed: fair share)").format(
        reference=f"{result.reference:g}", level=number(0.95, ".0%")
    )


def others_mark(result: KnowledgeResult) -> str:
    """The mark at the others' spread on the knowledge chart."""
    return _("the others: ±{reference} years").format(reference=f"{result.reference:g}")


def knowledge_axis_label() -> str:
    """The knowledge chart's horizontal axis."""
    return _("the bot's knowledge: typical error of its guesses, ± years (standard deviation; 0 = knows all)")


def win_share_axis_label() -> str:
    """The knowledge chart's vertical axis."""
    return _("share of games won")


#: What this module says of engine objects, handed to :func:`~exhibition_lab.core.words.use_words`
#: by the package's ``__init__`` (``str(obj)`` is ``"text"``).
WORDS: WordTable = {
    (TimelineResult, "summary"): _result_summary,
}
