"""Friends and blocks (the ``follows`` and ``blocks`` tables), and the few facts about
players the lobby reads from the database: ratings, bans, names.

Following is one-way (like lichess): a member follows another to see when he is
online and to challenge him in one tap. Blocking someone also stops following him;
a block works both ways for play: neither challenges the other, and quick pairing
never pairs them. Guests have no username and can neither follow nor be followed."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from sqlalchemy import and_, delete, func, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import sessionmaker

from nardy.server.api_error import ApiError
from nardy.server.auth import Who
from nardy.server.db import Block, Follow, Rating, User
from nardy.server.names import normalize_name, skeleton
from nardy.server.writer import Writer

#: Most players one member may follow, and block.
MAX_FOLLOWS = 500
MAX_BLOCKS = 500


@dataclass(frozen=True)
class Player:
    """A member as the lobby shows him."""

    user_id: int
    name: str


class Friends:
    """Follows, blocks, ratings and bans, read and written through the database."""

    def __init__(self, db: sessionmaker[DbSession], writer: Writer) -> None:
        self.db = db
        self.writer = writer

    # -- reading -------------------------------------------------------------------
    def member(self, username: object) -> Player:
        """The member called ``username`` (404 when there is none; a guest has none)."""
        if not isinstance(username, str) or not 1 <= len(username) <= 40:
            raise ApiError(400, "malformed", "lobby-bad-username")
        with self.db() as s:
            # by the name's skeleton: "BEN" or a Cyrillic look-alike finds "ben"
            user = s.scalar(select(User).where(User.name_key == skeleton(normalize_name(username))))
        if user is None or user.username is None or user.closed_at is not None:
            raise ApiError(404, "not-found", "no-player", name=username)
        return Player(user.id, user.username)

    def banned(self, user_id: int) -> bool:
        """Whether ``user_id`` is banned (no play)."""
        with self.db() as s:
            return s.scalar(select(User.banned_at).where(User.id == user_id)) is not None

    def rating(self, user_id: int, pool: str) -> float | None:
        """``user_id``'s rating in ``pool``; None without a row."""
        with self.db() as s:
            value = s.scalar(
                select(Rating.rating).where(Rating.user_id == user_id, Rating.pool == pool)
            )
        return None if value is None else float(value)

    def following(self, user_id: int) -> list[Player]:
        """Whom ``user_id`` follows, by name."""
        return self._others(Follow, user_id)

    def blocked(self, user_id: int) -> list[Player]:
        """Whom ``user_id`` blocked, by name."""
        return self._others(Block, user_id)

    def _others(self, table: type[Follow] | type[Block], user_id: int) -> list[Player]:
        with self.db() as s:
            rows = s.execute(
                select(User.id, User.username)
                .join(table, table.other_id == User.id)
                .where(table.user_id == user_id)
                .order_by(User.username)
            ).all()
        return [Player(uid, name or "") for uid, name in rows]

    def blocked_between(self, a: int, b: int) -> bool:
        """Whether either of ``a`` and ``b`` blocked the other."""
        return bool(self.blocked_pairs([a, b]))

    def blocked_pairs(self, ids: list[int]) -> set[frozenset[int]]:
        """The pairs among ``ids`` where one blocked the other (one query)."""
        if len(ids) < 2:
            return set()
        with self.db() as s:
            rows = s.execute(
                select(Block.user_id, Block.other_id).where(
                    Block.user_id.in_(ids), Block.other_id.in_(ids)
                )
            ).all()
        wanted = {frozenset(p) for p in combinations(set(ids), 2)}
        return {frozenset((a, b)) for a, b in rows} & wanted

    # -- writing -------------------------------------------------------------------
    def _member_acting(self, who: Who, username: object) -> Player:
        if who.guest:
            raise ApiError(403, "account-needed", "lobby-friends-need-account")
        other = self.member(username)
        if other.user_id == who.user_id:
            raise ApiError(409, "forbidden", "lobby-self")
        return other

    def follow(self, who: Who, username: object) -> Player:
        """``who`` follows ``username`` (a no-op when he already does)."""
        other = self._member_acting(who, username)
        if self.blocked_between(who.user_id, other.user_id):
            raise ApiError(409, "blocked", "lobby-blocked", name=other.name)
        self._insert(Follow, who.user_id, other.user_id, MAX_FOLLOWS)
        return other

    def unfollow(self, who: Who, username: object) -> Player:
        """``who`` stops following ``username``."""
        other = self._member_acting(who, username)
        self.writer.session(
            lambda s: s.execute(
                delete(Follow).where(
                    Follow.user_id == who.user_id, Follow.other_id == other.user_id
                )
            )
        )
        return other

    def block(self, who: Who, username: object) -> Player:
        """``who`` blocks ``username``, and neither follows the other any more."""
        other = self._member_acting(who, username)
        self._insert(Block, who.user_id, other.user_id, MAX_BLOCKS)
        a, b = who.user_id, other.user_id
        self.writer.session(
            lambda s: s.execute(
                delete(Follow).where(
                    or_(
                        and_(Follow.user_id == a, Follow.other_id == b),
                        and_(Follow.user_id == b, Follow.other_id == a),
                    )
                )
            )
        )
        return other

    def unblock(self, who: Who, username: object) -> Player:
        """``who`` lifts his block of ``username``."""
        other = self._member_acting(who, username)
        self.writer.session(
            lambda s: s.execute(
                delete(Block).where(Block.user_id == who.user_id, Block.other_id == other.user_id)
            )
        )
        return other

    def _insert(
        self, table: type[Follow] | type[Block], user_id: int, other_id: int, cap: int
    ) -> None:
        with self.db() as s:
            count = s.scalar(select(func.count()).where(table.user_id == user_id)) or 0
        if count >= cap:
            raise ApiError(409, "too-many", "lobby-too-many", max=cap)

        def write(s: DbSession) -> None:
            dialect = s.get_bind().dialect.name
            insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
            s.execute(
                insert(table)
                .values(user_id=user_id, other_id=other_id)
                .on_conflict_do_nothing(index_elements=["user_id", "other_id"])
            )

        self.writer.session(write)
