"""Tournaments' texts in the catalogue (``nardy.i18n``): the errors of the formats
(``tournament_formats``: entries, results and rounds a format does not allow)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        "error.tournament-size": {
            "en": "this tournament format takes {low} to {high} players, not {n}",
            "ru": "в этом формате турнира от {low} до {high} игроков, а не {n}",
        },
        "error.tournament-duplicate-player": {
            "en": "player {player} is entered twice",
            "ru": "игрок {player} записан дважды",
        },
        "error.tournament-unknown-player": {
            "en": "round {round}: player {player} is not in the tournament",
            "ru": "тур {round}: игрок {player} не участвует в турнире",
        },
        "error.tournament-played-twice": {
            "en": "round {round}: player {player} plays more than once",
            "ru": "тур {round}: игрок {player} играет больше одного раза",
        },
        "error.tournament-bad-result": {
            "en": "round {round}: {winner} did not play in the game {first} against {second}",
            "ru": "тур {round}: {winner} не играл в партии {first} против {second}",
        },
        "error.tournament-rounds": {
            "en": (
                "a Swiss tournament of {n} players has 1 to {high}"
                " {high:plural:round|rounds}, not {rounds}"
            ),
            "ru": (
                "в турнире по швейцарской системе на {n} игроков от 1 до {high}"
                " {high:plural:тура|туров|туров}, а не {rounds}"
            ),
        },
        "error.tournament-round-order": {
            "en": "round {round} cannot be paired after {played} played"
            " {played:plural:round|rounds}",
            "ru": (
                "тур {round} нельзя составить после {played}"
                " {played:plural:сыгранного тура|сыгранных туров|сыгранных туров}"
            ),
        },
        "error.tournament-no-pairing": {
            "en": "round {round} cannot be paired: every pairing would repeat a game"
            " already played",
            "ru": "тур {round} составить нельзя: любая пара повторила бы уже сыгранную партию",
        },
        "error.tournament-undecided": {
            "en": "round {round}: the game {first} against {second} has no winner (or two)",
            "ru": "тур {round}: у партии {first} против {second} нет победителя (или их два)",
        },
        "error.tournament-over": {
            "en": "the knock-out was decided in round {round}: no later round is played",
            "ru": "турнир на выбывание решён в туре {round}: следующих туров нет",
        },
    }
)
