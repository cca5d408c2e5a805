"""``nardy rollout``: a position, the candidate plays of a roll, or a cube decision
played out many times by a bot (``nardy.rollout``), with 95% intervals."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from nardy.errors import NardyError
from nardy.i18n import default_lang, register, t

register(
    {
        "rollout.error": {"en": "Error: {message}", "ru": "Ошибка: {message}"},
        "rollout.err.variant": {"en": "{detail}", "ru": "неизвестный вариант: {detail}"},
        "rollout.err.json": {
            "en": "--position is not JSON: {detail}",
            "ru": "--position — не JSON: {detail}",
        },
        "rollout.err.position": {
            "en": "not a valid position: {detail}",
            "ru": "неверная позиция: {detail}",
        },
        "rollout.err.over": {
            "en": "the game is over in this position: nothing to roll out",
            "ru": "в этой позиции партия окончена: доигрывать нечего",
        },
        "rollout.err.both": {
            "en": "give --position or --id, not both",
            "ru": "укажите --position или --id, а не оба",
        },
        "rollout.err.dice": {
            "en": "{text!r}: dice are written like 3-1",
            "ru": "{text!r}: зары пишутся как 3-1",
        },
        "rollout.err.play": {
            "en": "{play!r} with {dice}: {detail}",
            "ru": "{play!r} при зарах {dice}: ход невозможен ({detail})",
        },
        "rollout.err.no_play": {
            "en": "nothing can be played with {dice}",
            "ru": "при зарах {dice} ходить нечем",
        },
        "rollout.err.play_needs_dice": {
            "en": "--play and --top need --dice",
            "ru": "--play и --top задаются вместе с --dice",
        },
        "rollout.err.dice_and_cube": {
            "en": "roll out either the plays of a roll (--dice) or a cube decision, not both",
            "ru": "роллаут либо ходов (--dice), либо решения по кубу, но не обоих сразу",
        },
        "rollout.err.integer": {
            "en": "{option} must be a whole number from {low} to {high}, not {value!r}",
            "ru": "{option}: нужно целое число от {low} до {high}, а не {value!r}",
        },
        "rollout.err.positive": {
            "en": "{option} must be a positive number, not {value!r}",
            "ru": "{option}: нужно положительное число, а не {value!r}",
        },
        "rollout.err.level": {
            "en": "unknown level {value!r} (known: {known})",
            "ru": "неизвестный уровень {value!r} (есть: {known})",
        },
        "rollout.err.score": {
            "en": "{value!r}: the score is written white-black, like 2-1, each below the "
            "match length",
            "ru": "{value!r}: счёт пишется белые-чёрные, например 2-1, меньше длины матча",
        },
        "rollout.err.score_needs_match": {
            "en": "--score and --crawford-game need --match N",
            "ru": "счёт и игра Кроуфорда задаются вместе с --match N",
        },
        "rollout.err.cube": {
            "en": "no cube decision here: {detail}",
            "ru": "решения по кубу здесь нет: {detail}",
        },
        "rollout.err.runner": {
            "en": "cannot start the workers: {detail}",
            "ru": "не удалось запустить процессы: {detail}",
        },
        "rollout.title.position": {
            "en": "{variant}: rollout of the position, {color} on roll",
            "ru": "{variant}: роллаут позиции, ходят {color}",
        },
        "rollout.title.plays": {
            "en": "{variant}: rollout of the plays of {dice}, {color} to play",
            "ru": "{variant}: роллаут ходов при зарах {dice}, ходят {color}",
        },
        "rollout.title.cube": {
            "en": "{variant}: rollout of the cube decision, {color} on roll",
            "ru": "{variant}: роллаут решения по кубу, ходят {color}",
        },
        "rollout.settings": {
            "en": "{games} games, seed {seed}, level {level}, {cube}, {length}, {vr}{match}",
            "ru": "партий: {games}, зерно {seed}, уровень {level}, {cube}, {length}, {vr}{match}",
        },
        "rollout.cubeless": {"en": "cubeless", "ru": "без куба"},
        "rollout.cubeful": {"en": "cubeful", "ru": "с кубом"},
        "rollout.full": {"en": "full games", "ru": "партии до конца"},
        "rollout.truncated": {
            "en": "truncated after {plies} plies",
            "ru": "обрыв после {plies} бросков",
        },
        "rollout.vr_on": {"en": "variance reduction", "ru": "снижение дисперсии"},
        "rollout.vr_off": {"en": "no variance reduction", "ru": "без снижения дисперсии"},
        "rollout.match": {
            "en": ", match to {length}, score {score}",
            "ru": ", матч до {length}, счёт {score}",
        },
        "rollout.equity": {"en": "equity", "ru": "эквити"},
        "rollout.mwc": {"en": "match-winning chance", "ru": "шансы выиграть матч"},
        "rollout.probs": {
            "en": "win|win g|win bg|lose g|lose bg",
            "ru": "выигрыш|выигрыш марсом|выигрыш коксом|проигрыш марсом|проигрыш коксом",
        },
        "rollout.play": {"en": "play", "ru": "ход"},
        "rollout.games": {
            "en": "{n} {n:plural:game|games}",
            "ru": "{n} {n:plural:партия|партии|партий}",
        },
        "rollout.diff": {"en": "diff", "ru": "разница"},
        "rollout.ends": {
            "en": "{ended} games played out, {truncated} truncated, {bearoff} settled by "
            "the bear-off database",
            "ru": "доиграно партий: {ended}, оборвано: {truncated}, досчитано по базе "
            "выбрасывания: {bearoff}",
        },
        "rollout.raw": {
            "en": "without variance reduction: {equity}",
            "ru": "без снижения дисперсии: {equity}",
        },
        "rollout.cube.nd": {"en": "no double", "ru": "без удвоения"},
        "rollout.cube.dt": {"en": "double, take", "ru": "удвоить, принять"},
        "rollout.cube.dp": {"en": "double, pass", "ru": "удвоить, отказаться"},
        "rollout.cube.proper": {"en": "proper action: {action}", "ru": "верно: {action}"},
        "rollout.progress": {"en": "rollout", "ru": "роллаут"},
    }
)

N = TypeVar("N", int, float)


class RolloutInputError(click.ClickException):
    """Bad input, told in the chosen language (exit status 2, as click's usage errors)."""

    exit_code = 2

    def __init__(self, message: str, lang: str) -> None:
        super().__init__(message)
        self.lang = lang

    def show(self, file: Any = None) -> None:
        """``Error: …`` / ``Ошибка: …`` on stderr."""
        click.echo(t("rollout.error", self.lang, message=self.message), file=file, err=True)


def _fail(lang: str, key: str, hint: str | None = None, **kw: object) -> RolloutInputError:
    """The error ``key`` in ``lang``; ``hint`` names the option at fault."""
    message = t(key, lang, **kw)
    if hint and not message.startswith(hint):
        message = f"{hint}: {message}"
    return RolloutInputError(message, lang)


def _number(
    text: str, option: str, lang: str, kind: Callable[[str], N], low: N, high: N | None
) -> N:
    """``text`` read as a number in ``low``..``high`` (None: no upper bound)."""
    try:
        value = kind(text)
        ok = value >= low and (high is None or value <= high) and value == value
    except (TypeError, ValueError):
        ok = False
    if not ok:
        if kind is float:
            raise _fail(lang, "rollout.err.positive", option, option=option, value=text)
        top = "∞" if high is None else str(high)
        raise _fail(
            lang, "rollout.err.integer", option, option=option, low=low, high=top, value=text
        )
    return value


def _dice(text: str, lang: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([1-6])\s*[-,/ ]?\s*([1-6])\s*", text)
    if not m:
        raise _fail(lang, "rollout.err.dice", "--dice", text=text)
    return int(m[1]), int(m[2])


def _position(variant: Any, position: str | None, pid: str | None, turn: str, lang: str) -> Any:
    from nardy.notation.position_id import decode_id
    from nardy.notation.position_json import position_from_json

    if position and pid:
        raise _fail(lang, "rollout.err.both")
    try:
        if pid:
            pos = decode_id(variant.family, pid, turn)  # type: ignore[arg-type]
            variant.validate(pos)
            if pos.is_over():
                raise _fail(lang, "rollout.err.over", "--id")
            return pos
        if position:
            try:
                obj = json.loads(position)
            except json.JSONDecodeError as exc:
                raise _fail(lang, "rollout.err.json", "--position", detail=exc.msg) from None
            pos = position_from_json(obj, variant)
            if pos.is_over():
                raise _fail(lang, "rollout.err.over", "--position")
            return pos
    except NardyError as exc:
        hint = "--id" if pid else "--position"
        raise _fail(lang, "rollout.err.position", hint, detail=str(exc)) from None
    return variant.start_position()


def _score(length: int, score: str, crawford_game: bool, lang: str) -> Any:
    from nardy.rollout import MatchScore

    if not length:
        if crawford_game or score.strip() not in ("0-0", ""):
            raise _fail(lang, "rollout.err.score_needs_match")
        return None
    m = re.fullmatch(r"\s*(\d+)\s*[-:,/ ]\s*(\d+)\s*", score)
    if not m or max(int(m[1]), int(m[2])) >= length:
        raise _fail(lang, "rollout.err.score", "--score", value=score)
    return MatchScore(length, int(m[1]), int(m[2]))


@contextmanager
def _progress(lang: str, quiet: bool) -> Iterator[Callable[[str, int, int, Any], None]]:
    """A progress bar on stderr (one line per thing rolled out), shown on a terminal."""
    console = Console(stderr=True)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[equity]}"),
        TimeRemainingColumn(),
        console=console,
        disable=quiet or not console.is_terminal,
    )
    tasks: dict[str, Any] = {}

    def report(name: str, done: int, total: int, result: Any) -> None:
        if name not in tasks:
            label = f"{t('rollout.progress', lang)} {name}".strip()
            tasks[name] = bar.add_task(label, total=total, equity="")
        eq = result.equity
        text = f"{eq.mean:+.3f} ± {eq.ci:.3f}" if result.games > 1 else ""
        bar.update(tasks[name], completed=done, equity=text)

    with bar:
        yield report


def _estimate(e: Any, digits: int = 3) -> str:
    ci = "—" if e.ci == float("inf") else f"{e.ci:.{digits}f}"
    return f"{e.mean:+.{digits}f} ± {ci}"


def _prob(e: Any) -> str:
    ci = "—" if e.ci == float("inf") else f"{e.ci:.3f}"
    return f"{e.mean:.3f} ± {ci}"


# The numbers are read as text and checked by _number, so that a bad one is said in
# --lang with its range; their metavars show --help what they take.
@click.command(name="rollout")
@click.option("--variant", "variant_name", default="short", show_default=True, help="Variant.")
@click.option("--position", default=None, help="Protocol position object (JSON).")
@click.option("--id", "pid", default=None, help="Position ID (gnubg's for short nardy).")
@click.option(
    "--turn",
    type=click.Choice(["white", "black"]),
    default="white",
    show_default=True,
    help="Side on roll for --id.",
)
@click.option(
    "--dice", default=None, metavar="DICE", help="Roll out the plays of this roll, e.g. 3-1."
)
@click.option("--play", "plays", multiple=True, help="A play of --dice to roll out (repeatable).")
@click.option(
    "--top", default="3", metavar="N", show_default=True, help="With --dice: the N best plays."
)
@click.option("--cube-decision", is_flag=True, help="Roll out no double and double/take (cubeful).")
@click.option("--cubeful/--cubeless", default=False, help="Cube play during the games.")
@click.option(
    "--games", default="1296", metavar="N", show_default=True, help="Games (trials) at most."
)
@click.option(
    "--target-ci",
    default=None,
    metavar="EQUITY",
    help="Stop once the 95% half-width is this small.",
)
@click.option(
    "--truncate", default="0", metavar="N", show_default=True, help="Stop after N plies (0: no)."
)
@click.option(
    "--bearoff/--no-bearoff",
    default=True,
    show_default=True,
    help="Stop where the exact bear-off database takes over.",
)
@click.option("--vr/--no-vr", default=True, show_default=True, help="Variance reduction.")
@click.option("--seed", default="0", metavar="N", show_default=True, help="Dice seed.")
@click.option(
    "--level", default="advanced", metavar="N|NAME", show_default=True, help="Bot level (0-ply)."
)
@click.option("--match", "length", default="0", metavar="N", help="Match length (0: money).")
@click.option(
    "--score", default="0-0", metavar="W-B", show_default=True, help="Match score white-black."
)
@click.option("--crawford-game", is_flag=True, help="This is the Crawford game (C-4).")
@click.option(
    "--cube", "cube_value", default="1", metavar="N", show_default=True, help="Cube value."
)
@click.option(
    "--owner",
    type=click.Choice(["centre", "white", "black"]),
    default="centre",
    show_default=True,
    help="Cube owner.",
)
@click.option(
    "--workers", default="1", metavar="N", show_default=True, help="Local worker processes."
)
@click.option("--ray-address", default=None, help="Run the games on a Ray cluster.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default=None, help="Language.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def command(
    variant_name: str,
    position: str | None,
    pid: str | None,
    turn: str,
    dice: str | None,
    plays: tuple[str, ...],
    top: str,
    cube_decision: bool,
    cubeful: bool,
    games: str,
    target_ci: str | None,
    truncate: str,
    bearoff: bool,
    vr: bool,
    seed: str,
    level: str,
    length: str,
    score: str,
    crawford_game: bool,
    cube_value: str,
    owner: str,
    workers: str,
    ray_address: str | None,
    lang: str | None,
    as_json: bool,
    quiet: bool,
) -> None:
    """Play a position out many times with a bot and average the results: the
    position itself, the candidate plays of a roll (--dice), or a cube decision
    (--cube-decision); cubeless or cubeful, money or a match score.

    Роллаут: позиция (или ходы при заданных зарах, или решение по кубу) много раз
    доигрывается ботом, результаты усредняются, с 95% интервалом.
    """
    from nardy.bots import LEVELS, level_spec
    from nardy.rollout import Plan, TrialSettings, start_cube
    from nardy.variants import find_variant

    lang = lang or default_lang()
    try:
        variant = find_variant(variant_name)
    except NardyError as exc:
        raise _fail(lang, "rollout.err.variant", "--variant", detail=str(exc)) from None
    pos = _position(variant, position, pid, turn, lang)
    roll = _dice(dice, lang) if dice is not None else None
    if (plays or top != "3") and roll is None:
        raise _fail(lang, "rollout.err.play_needs_dice")
    if roll is not None and cube_decision:
        raise _fail(lang, "rollout.err.dice_and_cube")
    try:
        level_name = level_spec(level).name
    except ValueError:
        known = ", ".join(LEVELS)
        raise _fail(lang, "rollout.err.level", "--level", value=level, known=known) from None
    n_top = _number(top, "--top", lang, int, 1, 100)
    plan = Plan(
        games=_number(games, "--games", lang, int, 1, 10_000_000),
        target_ci=None if target_ci is None else _positive(target_ci, lang),
    )
    match_length = _number(length, "--match", lang, int, 0, 64)
    match = _score(match_length, score, crawford_game, lang)
    cubeful = cubeful or cube_decision
    settings = TrialSettings(
        level=level_name,
        cubeful=cubeful,
        truncate=_number(truncate, "--truncate", lang, int, 0, 100_000),
        bearoff=bearoff,
        vr=vr,
        seed=_number(seed, "--seed", lang, int, 0, 2**63 - 1),
    )
    value = _number(cube_value, "--cube", lang, int, 1, 2**20)
    n_workers = _number(workers, "--workers", lang, int, 1, 1024)
    cube = start_cube(
        variant,
        cubeful=cubeful,
        value=value,
        owner=None if owner == "centre" else owner,
        score=match,
        crawford_game=crawford_game,
    )
    data: dict[str, Any] = {
        "variant": variant.name,
        "settings": {
            "games": plan.games,
            "target_ci": plan.target_ci,
            "seed": settings.seed,
            "level": level_name,
            "cubeful": cubeful,
            "truncate": settings.truncate,
            "bearoff": bearoff,
            "vr": vr,
        },
    }
    if match is not None:
        data["match"] = {"length": match.length, "score": [match.white, match.black]}
    with _runner(n_workers, ray_address, lang) as runner, _progress(lang, quiet) as report:
        data.update(
            _roll_out(
                variant,
                pos,
                roll,
                plays,
                n_top,
                cube_decision,
                settings,
                plan,
                cube,
                match,
                runner,
                report,
                lang,
            )
        )
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    _print(data, variant, pos, roll, lang)


def _positive(text: str, lang: str) -> float:
    value = _number(text, "--target-ci", lang, float, 0.0, None)
    if value <= 0:
        raise _fail(lang, "rollout.err.positive", "--target-ci", option="--target-ci", value=text)
    return value


@contextmanager
def _runner(workers: int, ray_address: str | None, lang: str) -> Iterator[Any]:
    """In this process, or ``nardy.train``'s runner: local processes or a Ray cluster."""
    if workers == 1 and not ray_address:
        from nardy.rollout import InProcess

        yield InProcess()
        return
    from nardy.train.loop import runner_for

    try:
        runner = runner_for(workers if workers > 1 or not ray_address else None, ray_address)
    except (RuntimeError, ConnectionError, ValueError) as exc:
        raise _fail(lang, "rollout.err.runner", detail=str(exc)) from None
    try:
        yield runner
    finally:
        runner.close()


def _roll_out(
    variant: Any,
    pos: Any,
    roll: tuple[int, int] | None,
    plays: tuple[str, ...],
    top: int,
    cube_decision: bool,
    settings: Any,
    plan: Any,
    cube: Any,
    match: Any,
    runner: Any,
    report: Callable[[str, int, int, Any], None],
    lang: str,
) -> dict[str, Any]:
    """The rollout asked for, as JSON-ready data."""
    from nardy.errors import IllegalMoveError
    from nardy.rollout import rollout_cube, rollout_plays, rollout_position

    kw: dict[str, Any] = {"cube": cube, "score": match, "runner": runner}
    if cube_decision:
        try:
            found = rollout_cube(variant, pos, settings, plan, on_progress=report, **kw)
        except IllegalMoveError as exc:
            raise _fail(lang, "rollout.err.cube", detail=str(exc)) from None
        return {"kind": "cube", "cube": found.to_json()}
    if roll is not None:
        dice_text = f"{roll[0]}-{roll[1]}"
        try:
            ranked = rollout_plays(
                variant, pos, roll, settings, plan, plays=plays, top=top, on_progress=report, **kw
            )
        except NardyError as exc:
            if not plays:
                raise _fail(lang, "rollout.err.no_play", "--dice", dice=dice_text) from None
            shown = " | ".join(plays)
            raise _fail(
                lang, "rollout.err.play", "--play", play=shown, dice=dice_text, detail=str(exc)
            ) from None
        return {
            "kind": "plays",
            "dice": list(roll),
            "plays": [{"play": r.play, **r.result.to_json()} for r in ranked],
        }
    result = rollout_position(
        variant, pos, settings, plan, on_progress=lambda d, n, r: report("", d, n, r), **kw
    )
    return {"kind": "position", "result": result.to_json()}


def _print(data: dict[str, Any], variant: Any, pos: Any, roll: Any, lang: str) -> None:
    """The rollout as text in ``lang``."""
    from nardy.rollout import Estimate

    console = Console(highlight=False)
    title = variant.title_ru if lang == "ru" else variant.title_en
    color = t(f"color.{pos.turn}", lang)
    s = data["settings"]
    plies = s["truncate"]
    match = ""
    if "match" in data:
        m = data["match"]
        match = t("rollout.match", lang, length=m["length"], score="-".join(map(str, m["score"])))
    kind = data["kind"]
    dice = f"{roll[0]}-{roll[1]}" if roll else ""
    console.print(t(f"rollout.title.{kind}", lang, variant=title, color=color, dice=dice))
    labels = t("rollout.probs", lang).split("|")

    def est(obj: dict[str, Any]) -> Estimate:
        ci = obj["se"]
        return Estimate(obj["mean"], float("inf") if ci is None else ci)

    def summary(result: dict[str, Any]) -> None:
        console.print(
            t(
                "rollout.settings",
                lang,
                games=result["games"],
                seed=s["seed"],
                level=s["level"],
                cube=t("rollout.cubeful" if s["cubeful"] else "rollout.cubeless", lang),
                length=t("rollout.truncated", lang, plies=plies)
                if plies
                else t("rollout.full", lang),
                vr=t("rollout.vr_on" if s["vr"] else "rollout.vr_off", lang),
                match=match,
            )
        )
        ends = result["ends"]
        console.print(t("rollout.ends", lang, **ends))

    if kind == "position":
        r = data["result"]
        summary(r)
        console.print(f"{t('rollout.equity', lang)}: {_estimate(est(r['equity']))}")
        if "mwc" in r:
            console.print(f"{t('rollout.mwc', lang)}: {_prob(est(r['mwc']))}")
        for label, p in zip(labels, r["probs"], strict=True):
            console.print(f"  {label}: {_prob(est(p))}")
        if s["vr"]:
            console.print(t("rollout.raw", lang, equity=_estimate(est(r["raw_equity"]))))
        return
    if kind == "cube":
        c = data["cube"]
        summary(c["no_double"])
        console.print(f"{t('rollout.cube.nd', lang)}: {_estimate(est(c['no_double']['equity']))}")
        console.print(f"{t('rollout.cube.dt', lang)}: {_estimate(est(c['double_take']['equity']))}")
        console.print(f"{t('rollout.cube.dp', lang)}: {c['double_pass']:+.3f}")
        action = t(f"cube.proper.{c['proper']}", lang)
        console.print(t("rollout.cube.proper", lang, action=action))
        return
    rows = data["plays"]
    if rows:
        summary(rows[0])
    console.print("  " + " / ".join(labels))
    best = rows[0]["equity"]["mean"] if rows else 0.0
    for i, r in enumerate(rows, start=1):
        diff = f" ({r['equity']['mean'] - best:+.3f})" if i > 1 else ""
        games = t("rollout.games", lang, n=r["games"])
        console.print(f"{i:>2}. {r['play']:<24} {_estimate(est(r['equity']))}{diff}   {games}")
        console.print("    " + " ".join(f"{p['mean']:.3f}" for p in r["probs"]))
