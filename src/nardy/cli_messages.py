"""Messages of the analysis and training commands (``nardy hint``, ``analyze``,
``convert``, ``train``), said in the locale's language (``nardy.i18n.default_lang``)."""

from __future__ import annotations

from nardy.i18n import default_lang, register, t


def say(key: str, **params: object) -> str:
    """``key`` in the language of the user's locale."""
    return t(key, default_lang(), **params)


register(
    {
        "cli.dice-format": {
            "en": "{text}: dice are written like 3-1",
            "ru": "{text}: кости пишутся как 3-1",
        },
        "cli.score-format": {
            "en": "{text}: the score is written white-black, like 2-1",
            "ru": "{text}: счёт пишется как белые-чёрные, например 2-1",
        },
        "cli.converted": {
            "en": "{source} → {dst}: {n} {n:plural:game|games}",
            "ru": "{source} → {dst}: {n} {n:plural:партия|партии|партий}",
        },
        "cli.position-or-id": {
            "en": "give --position or --id, not both",
            "ru": "укажите либо --position, либо --id",
        },
        "cli.not-json": {"en": "not JSON: {detail}", "ru": "не JSON: {detail}"},
        "cli.score-needs-match": {
            "en": "--score and --crawford-game need --match N",
            "ru": "--score и --crawford-game задаются вместе с --match N",
        },
        "cli.line-not-json": {
            "en": "{path}:{n}: not JSON ({detail})",
            "ru": "{path}:{n}: строка не в формате JSON ({detail})",
        },
        "cli.workers-need-shared-state": {
            "en": (
                "--workers {n} needs a PostgreSQL database (--db postgresql://...) and "
                "--redis: SQLite and the in-process live state cannot be shared between "
                "worker processes"
            ),
            "ru": (
                "для --workers {n} нужны база PostgreSQL (--db postgresql://...) и "
                "--redis: SQLite и живое состояние в памяти процесса нельзя разделить "
                "между рабочими процессами"
            ),
        },
        "cli.unknown-format": {
            "en": "cannot tell the format of {path} from its extension; use --{role} ({formats})",
            "ru": "формат {path} не виден по расширению; укажите его через --{role} ({formats})",
        },
        "error.not-a-match-game": {
            "en": (
                "this game starts from a set-up position or cube and cannot be written as a match"
            ),
            "ru": "партию с заданной позицией или кубиком нельзя записать как матч",
        },
        "cli.train-counts": {
            "en": "games, workers, batch-games, eval-every, hidden must be ≥ 1, eval-games ≥ 2",
            "ru": "games, workers, batch-games, eval-every, hidden должны быть ≥ 1, eval-games ≥ 2",
        },
        "cli.lambda": {"en": "lambda must be in [0, 1]", "ru": "λ должна быть от 0 до 1"},
        "cli.mix-family": {
            "en": "{variant} is not a {family} nardy variant: one net plays one family",
            "ru": "{variant} — не вариант семейства {family}: одна сеть играет одно семейство",
        },
        "cli.average-last": {
            "en": "the number of snapshots is ≥ 0",
            "ru": "число снимков должно быть ≥ 0",
        },
        "cli.distill-counts": {
            "en": (
                "rounds, positions, epochs, workers, trials, keep-rounds must be ≥ 1,"
                " target-plies 1..3, truncate ≥ 0, eval-games ≥ 2"
            ),
            "ru": (
                "rounds, positions, epochs, workers, trials, keep-rounds должны быть ≥ 1,"
                " target-plies от 1 до 3, truncate ≥ 0, eval-games ≥ 2"
            ),
        },
    }
)
