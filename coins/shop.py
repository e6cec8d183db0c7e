"""Buying styles (once, for good) and choosing the one a game's tables show."""

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone

from coins import ledger, looks, styles
from coins.errors import CoinsError
from coins.models import ActiveStyle, Entry, Ownership, Wallet
from games import registry


def owned(user) -> set[str]:
    return set(Ownership.objects.filter(user=user, revoked_at=None).values_list("style", flat=True))


def buy(user, key: str, *, now: datetime | None = None) -> Ownership:
    style = styles.get(key)
    if style is None:
        raise CoinsError("unknown_style")
    now = now or timezone.now()
    ledger.wallet(user)
    try:
        with transaction.atomic():
            # Locked for the purchase: a second purchase waits for this one, then sees its debit.
            Wallet.objects.select_for_update().get(user=user)
            if Ownership.objects.filter(user=user, style=key, revoked_at=None).exists():
                raise CoinsError("already_owned")
            if ledger.balance(user) < style.price:
                raise CoinsError("too_few_coins")
            entry = Entry.objects.create(user=user, amount=-style.price, reason=Entry.Reason.PURCHASE, style=key,
                                         when=now)
            return Ownership.objects.create(user=user, style=key, since=now, entry=entry)
    except IntegrityError as error:  # the same style bought at the same moment elsewhere
        raise CoinsError("already_owned") from error


def choose(user, game_key: str, kind: str, key: str) -> None:
    """Show `key` for `kind` at `game_key`'s tables; an empty key goes back to the default."""
    game = registry.GAMES.get(game_key)
    if game is None:
        raise CoinsError("unknown_game")
    if kind not in game.style_kinds or kind not in styles.kinds():
        raise CoinsError("wrong_kind")
    if not key:
        ActiveStyle.objects.filter(user=user, game=game_key, kind=kind).delete()
        _refresh_after_commit(user)
        return
    style = styles.get(key)
    if style is None:
        raise CoinsError("unknown_style")
    if style.kind != kind:
        raise CoinsError("wrong_kind")
    if key not in owned(user):
        raise CoinsError("not_owned")
    ActiveStyle.objects.update_or_create(user=user, game=game_key, kind=kind, defaults={"style": key})
    _refresh_after_commit(user)


def _refresh_after_commit(user) -> None:
    """The tables' copy of the look follows the choice once it is committed (a choice undone
    with its transaction leaves the copy as it was)."""
    user_id = user.pk
    transaction.on_commit(lambda: looks.refresh([user_id]))


def active(user_ids, game_key: str) -> dict[int, dict[str, str]]:
    """{user id: {kind: style key}} of the given players at one game's tables."""
    looks: dict[int, dict[str, str]] = {}
    rows = ActiveStyle.objects.filter(user_id__in=user_ids, game=game_key).values_list("user_id", "kind", "style")
    for user_id, kind, key in rows:
        looks.setdefault(user_id, {})[kind] = key
    return looks
