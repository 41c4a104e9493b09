"""The classification rules, one small class each, and :data:`CHAIN`, their order.

Each rule is tried in turn by :func:`referee.service.chain.run_chain` until one decides the
message. The order is the design: loops and automatic mail are never answered; a message
that cannot be read is quarantined before anyone acts on it; the Speaker's commands and a
join need no seated player; everything after ``identify`` acts for a known player; the last
rule hands a turn to the game's kind.
"""

from __future__ import annotations

from dataclasses import replace

from referee.chamber import ChamberError
from referee.chamber.intents import is_statement
from referee.games import GameTag
from referee.mail.loops import is_automatic, is_list_mail, list_addresses, should_not_answer
from referee.quoting import excerpt
from referee.service import chamber, commands, intents, proof
from referee.service.chain import Handling, Rule, Work
from referee.service.chamber_commands import CHAMBER_COMMANDS, claims
from referee.service.gsd_edits import GSDUnreadable
from referee.service.identify import find_game, identify, list_poster
from referee.service.notices import Audience, CommandError, Notice
from referee.service.turns import Posted, take_turn
from referee.store import games
from referee.store.models import Player
from referee.store.status import GameStatus, InboxStatus


def _answer(work: Work, template: str, **values: object) -> None:
    """A private answer to the sender (withheld for list mail: see :meth:`Work.send`)."""
    work.send(Notice(template, Audience.sender(), values))


def _answer_poster(work: Work, template: str, subject: str, **values: object) -> None:
    """An answer where the message was posted: privately for direct mail, in the lounge for
    mail the lounge list relayed from a known player, so the referee is never silent to em."""
    work.send(Notice(template, Audience.poster(), values, subject=subject))


def _about(work: Work, text: str) -> str:
    """A subject about the message's game, in its own tag, when the game is known."""
    return work.game.tag.subject(text) if work.game is not None else text


def run_command(
    work: Work, table: dict[str, commands.Command], words: list[str], prefix: str
) -> Handling:
    """Run one mail command in a savepoint: all of it happens, or (refused) none of it."""
    letter = work.letter
    ctx = commands.Context(
        session=work.session,
        settings=work.settings,
        sender=letter.inbound.sender,
        now=work.now,
        rng=work.rng,
        timing=work.timing,
        game=work.game,
        player=work.player,
        secret=letter.inbound.secret,
        subject=letter.inbound.subject,
        thread=letter.inbound.message_id,
        kinds=work.kinds,
        text=_after_first_line(letter.text),
        inbox_id=work.row.id,
        enactor=work.enactor,
    )
    if work.game is not None:  # the deadline runner locks it too (timekeeper.run_due)
        work.session.refresh(work.game, with_for_update=True)
    try:
        with work.session.begin_nested():
            note = commands.run(table, ctx, words, prefix)
    except (CommandError, GSDUnreadable) as error:
        return _refused(work, excerpt(" ".join(words[:2])), error)
    work.game = ctx.game
    work.send_all(ctx.notices)
    return work.finish(InboxStatus.DONE, note)


def _refused(work: Work, command: str, error: Exception) -> Handling:
    """Answer a refused command where it was posted; nothing it would have done is kept."""
    _answer_poster(
        work,
        "sender.command-refused",
        _about(work, f"Not carried out: {command}"),
        command=command,
        reason=str(error),
        player=work.player.name if work.player is not None else "",
    )
    work.handling.refused = True
    return work.finish(InboxStatus.DONE, f"{command} refused: {error}")


class NotAnswered:
    name = "not-answered"
    description = (
        "A loop, a bounce, an automatic reply or list mail is never answered (RFC 3834), "
        "unless it is a person's post relayed by a game's own lounge list."
    )

    def apply(self, work: Work) -> Handling | None:
        letter, settings = work.letter, work.settings
        reason = should_not_answer(
            letter.inbound.message,
            envelope_from=letter.envelope_from,
            loop_token=settings.loop_token,
            own_address=settings.address,
        )
        if reason is None:
            return None
        if _lounge_list_game(work):
            work.via_list = True
            work.handling.notes.append("came through the lounge list: answered only there")
            return _unmunged(work)
        return work.finish(InboxStatus.IGNORED, f"not answered: {reason}")


def _unmunged(work: Work) -> Handling | None:
    """Put the poster in place of the lounge when the list rewrote From to itself (DMARC
    mitigation); mail the list relayed from the referee itself is never answered."""
    inbound, lounge = work.letter.inbound, work.the_game.lounge_address
    if inbound.sender != lounge.lower():
        return None
    poster = list_poster(inbound.message, lounge=lounge)
    if poster is None:
        if inbound.playing_as:  # proved, if at all, by 'Playing as:' and a code (identify)
            work.handling.notes.append("From rewritten by the list, no poster named")
            return None
        return work.finish(InboxStatus.IGNORED, "not answered: From is the lounge, no poster")
    if poster[1] == work.settings.address.lower():
        return work.finish(InboxStatus.IGNORED, "not answered: our own post, From rewritten")
    name, address = poster
    work.letter = replace(work.letter, inbound=replace(inbound, sender=address, sender_name=name))
    work.handling.notes.append(f"From rewritten by the list: poster {address}")
    return None


def _lounge_list_game(work: Work) -> bool:
    """Whether this is list mail from a game's own lounge that we should act on (and which
    game). Players post turns to their Game Lounge list, which marks what it relays with
    List-* headers; such mail is acted on when it is not automatic or our own and the list
    is a lounge we know."""
    letter, settings = work.letter, work.settings
    message = letter.inbound.message
    if not settings.lounge_list_mail or not is_list_mail(message):
        return False
    if is_automatic(
        message,
        envelope_from=letter.envelope_from,
        loop_token=settings.loop_token,
        own_address=settings.address,
    ):
        return False
    addresses = [*list_addresses(message), *letter.inbound.recipients]
    work.game = games.game_by_address(work.session, addresses)
    return work.game is not None


class FindGame:
    name = "find-game"
    description = (
        "Direct mail names its game by the lounge address it was sent to, or by its number "
        "after any kind's tag ([MC n], [ODL n], [ifMUD n])."
    )

    def apply(self, work: Work) -> Handling | None:
        if not work.via_list:
            inbound = work.letter.inbound
            work.game = find_game(work.session, inbound, inbound.recipients)
        return None


class Unreadable:
    name = "unreadable"
    description = "A message whose MIME cannot be read safely is kept for the operator."

    def apply(self, work: Work) -> Handling | None:
        problems = work.letter.inbound.problems
        if not problems:
            return None
        if work.via_list and work.game is not None:
            # Answered in the lounge only when a known player posted it (never silent to a
            # player); an unknown list sender is not answered, as for any list mail.
            work.player = identify(work.session, work.game, work.letter.inbound).player
        if not work.via_list or work.player is not None:
            subject = _about(work, "Your message could not be read")
            _answer_poster(work, "sender.quarantined", subject, problems=problems)
        return work.finish(InboxStatus.QUARANTINED, "; ".join(problems))


class SpeakerCommand:
    name = "speaker-command"
    description = (
        "'speaker ...' sent directly: run for the Speaker's address with the Speaker's secret "
        "(rule 1.1.2), refused otherwise: the Speaker's own address is told to add the "
        "secret, and anyone else's attempt is reported to the Speaker."
    )

    def apply(self, work: Work) -> Handling | None:
        letter = work.letter
        if letter.verb != "speaker" or work.via_list:
            return None
        words = list(letter.words)
        inbound = letter.inbound
        if commands.is_speaker(work.settings, inbound.sender, inbound.secret):
            return run_command(work, commands.SPEAKER_COMMANDS, words, "speaker")
        speaker = work.settings.speaker_address
        own = bool(speaker) and inbound.sender.lower() == speaker.lower()
        _answer(
            work,
            "sender.speaker-refused",
            own=own,
            command=" ".join(words[:2]),
            secret_given=inbound.secret is not None,
        )
        if speaker and not own:  # from the Speaker's own address, the answer reaches em
            work.send(
                Notice(
                    "speaker.command-refused",
                    Audience.speaker(speaker),
                    {"command": " ".join(words[:2]), "secret_given": inbound.secret is not None},
                )
            )
        return work.finish(
            InboxStatus.QUARANTINED, f"Speaker command from {inbound.sender} refused"
        )


class Join:
    name = "join"
    description = "'nomic join NAME' to a known game needs no seat yet (rule 1.1.8)."

    def apply(self, work: Work) -> Handling | None:
        words = work.letter.words
        joining = work.letter.verb == "nomic" and len(words) > 1 and words[1].lower() == "join"
        if not joining or work.game is None or work.via_list:
            return None
        return run_command(work, commands.PLAYER_COMMANDS, list(words), "nomic")


class UnknownGame:
    name = "unknown-game"
    description = "Nothing below can act without a game: the sender is told how to name one."

    def apply(self, work: Work) -> Handling | None:
        if work.game is not None:
            return None
        tag = work.letter.inbound.game_tag
        shown = [f'"{GameTag(kind.tag, 12).render()}"' for kind in work.kinds.values()]
        examples = " or ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown)
        _answer(
            work,
            "sender.unknown-game",
            tag=str(tag) if tag is not None else "",
            examples=examples,
            playing=[
                f"{game.tag.render()} (lounge {game.lounge_address})"
                for game in games.games_played_by(work.session, work.letter.inbound.sender)
            ],
        )
        if tag is not None:
            return work.finish(InboxStatus.QUARANTINED, f"there is no game {tag}")
        return work.finish(InboxStatus.QUARANTINED, "no game by lounge address or subject tag")


class Identify:
    name = "identify"
    description = (
        "The player behind the message, by address or by 'Playing as:' with eir secret; a "
        "forgery is reported to the sender and to the player claimed."
    )

    def apply(self, work: Work) -> Handling | None:
        inbound, code = work.letter.inbound, work.letter.code
        identity = identify(work.session, work.the_game, inbound)
        if work.via_list and inbound.secret is not None:
            # the owner is warned when it is eir message; a wrong secret is a forgery below
            _warn_secret_on_list(work, identity.player)
        if identity.player is not None:
            work.player = identity.player
            return None
        sender, claimed = inbound.sender, identity.claimed
        if identity.doubt == "forged" and claimed is not None and code is not None:
            game = work.the_game
            if proof.redeem(work.session, game, claimed, code, inbox_id=work.row.id, now=work.now):
                work.player = claimed
                work.handling.notes.append(f"{claimed.name} proved by the code for this turn")
                return None
        if identity.doubt == "not-seated" and claimed is not None:
            joinable = work.the_game.status in (GameStatus.FORMING, GameStatus.RUNNING)
            _answer(work, "sender.not-seated", player=claimed.name, joinable=joinable)
            return work.finish(
                InboxStatus.QUARANTINED, f"{claimed.name} is not seated in this game"
            )
        if identity.doubt == "forged" and claimed is not None:
            given = identity.secret_given or code is not None
            _answer(work, "sender.forged", player=claimed.name, secret_given=given)
            work.send(
                Notice(
                    "player.forged",
                    Audience.player(claimed.address, claimed.name),
                    {"player": claimed.name, "secret_given": given},
                )
            )
            return work.finish(
                InboxStatus.QUARANTINED,
                f"{sender} claimed to be {claimed.name} {'with a wrong' if given else 'without a'}"
                " secret",
            )
        joinable = work.the_game.status in (GameStatus.FORMING, GameStatus.RUNNING)
        _answer(work, "sender.unknown-player", joinable=joinable)
        return work.finish(InboxStatus.QUARANTINED, f"{sender} is not a registered address")


def _warn_secret_on_list(work: Work, player: Player | None) -> None:
    """A ``Secret:`` line went through the lounge list: its owner is warned privately, at the
    registered address, and the secret itself is quoted nowhere."""
    work.handling.notes.append("a secret was posted through the list")
    if player is not None:
        work.send(
            Notice(
                "player.secret-on-list",
                Audience.player(player.address, player.name),
                {"player": player.name},
                subject=work.the_game.tag.subject("Your secret went to the list"),
            )
        )


class BuzzCommand:
    name = "buzz-command"
    description = "'buzz ...' and the steps of a buzz (section 1.16) by a seated player."

    def apply(self, work: Work) -> Handling | None:
        if work.letter.verb not in commands.BUZZ_COMMANDS:
            return None
        return run_command(work, commands.BUZZ_COMMANDS, list(work.letter.words), "")


class ChamberPost:
    name = "chamber-post"
    description = (
        "In a game with a chamber, any message from a player is a post: the chamber is first "
        "brought up to now, then eir week of ifMUD rule 24 starts again (a statement of intent "
        "taking effect too, unless intents_count_as_posts is false)."
    )

    def apply(self, work: Work) -> Handling | None:
        game, player = work.the_game, work.the_player
        if not chamber.is_open(work.session, game):
            return None
        work.session.refresh(game, with_for_update=True)
        lead = work.timing.turn_reminder
        work.send_all(chamber.catch_up(work.session, game, work.now, work.enactor, lead))
        if work.deferred and not chamber.settings_of(game).intents_count_as_posts:
            return None  # rule 24 counted the statement when it was sent
        chamber.record_post(work.session, game, player.name, work.now, lead)
        return None


class ChamberCommand:
    name = "chamber-command"
    description = (
        "'propose', 'vote', 'dead', 'ratify', 'passive', 'leave' and 'proposals': the "
        "chamber's business (ifMUD rules 10, 13, 21, 31, 32)."
    )

    def apply(self, work: Work) -> Handling | None:
        if work.letter.verb not in CHAMBER_COMMANDS or not claims(work.letter.words):
            return None
        return run_command(work, CHAMBER_COMMANDS, list(work.letter.words), "")


class StatedIntent:
    name = "intent"
    description = (
        "A statement of intent (ifMUD rules 146 and 147): a first line 'At ...:' or 'In ...:', "
        "perhaps 'If ...:', then the posting, kept until its time; 'intents' lists a player's "
        "own and 'intent cancel N' withdraws one."
    )

    def apply(self, work: Work) -> Handling | None:
        if is_statement(work.letter.text):
            work.session.refresh(work.the_game, with_for_update=True)
            try:
                with work.session.begin_nested():
                    return intents.post(work)
            except ChamberError as error:
                first = work.letter.text.strip().splitlines()[0].strip()
                return _refused(work, f"statement of intent '{excerpt(first)}'", error)
        if work.letter.verb in intents.INTENT_COMMANDS:
            return run_command(work, intents.INTENT_COMMANDS, list(work.letter.words), "")
        return None


class PlayerCommand:
    name = "player-command"
    description = (
        "'nomic ...' by a seated player. A forced Timeout may carry the forcer's own turn "
        "below the command line (rule 1.3.5): that turn goes on to the last rule."
    )

    def apply(self, work: Work) -> Handling | None:
        if work.letter.verb != "nomic":
            return None
        words = list(work.letter.words)
        handled = run_command(work, commands.PLAYER_COMMANDS, words, "nomic")
        rest = _after_first_line(work.letter.text)
        if rest and [w.lower() for w in words[1:2]] == ["timeout"] and not handled.refused:
            work.session.refresh(work.the_game)
            work.turn_text = rest
            return None
        return handled


class SpeakerViaList:
    name = "speaker-via-list"
    description = (
        "The Speaker mails the referee directly: a Speaker command a list relayed is ignored."
    )

    def apply(self, work: Work) -> Handling | None:
        if work.letter.verb != "speaker":
            return None
        _answer_poster(
            work,
            "sender.speaker-via-list",
            work.the_game.tag.subject(f"Not carried out: {' '.join(work.letter.words[:2])}"),
            player=work.the_player.name,
        )
        return work.finish(InboxStatus.DONE, "Speaker commands are not taken from list mail")


class Turn:
    name = "turn"
    description = "Anything else a seated player sends is a turn, judged by the game's kind."

    def apply(self, work: Work) -> Handling | None:
        game, player = work.the_game, work.the_player
        text = work.turn_text or work.letter.text
        decided = take_turn(
            work.session,
            work.kinds.judging(game.kind),
            Posted(game, player, text, work.row.id, work.letter.inbound.message_id, work.now),
            buzz_mode=game.buzz_mode,
            rng=work.rng,
            timing=work.timing,
        )
        work.send_all(decided.notices)
        return work.finish(decided.status, decided.note)


def _after_first_line(text: str) -> str:
    """What follows a command's line: rule 1.3.5 lets the player who forces a Timeout send
    eir own turn in the same message when e plays next."""
    lines = text.strip().splitlines()
    return "\n".join(lines[1:]).strip()


def after_identify(chain: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The rules of ``chain`` that act for a known player: those after ``identify``, which a
    statement of intent is handed to when it falls due (:func:`intents.carry_out`)."""
    names = [rule.name for rule in chain]
    return chain[names.index(Identify.name) + 1 :]


CHAIN: tuple[Rule, ...] = (
    NotAnswered(),
    FindGame(),
    Unreadable(),
    SpeakerCommand(),
    Join(),
    UnknownGame(),
    Identify(),
    ChamberPost(),
    StatedIntent(),
    BuzzCommand(),
    ChamberCommand(),
    PlayerCommand(),
    SpeakerViaList(),
    Turn(),
)
"""The rules in the order they are tried."""
