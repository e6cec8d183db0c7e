"""The operator's knobs for coins, read at call time so a changed setting (or a test
override) applies at once; config/settings.py may set any of them."""

from django.conf import settings


def check_in_amount() -> int:
    """Coins for a day's check-in."""
    return getattr(settings, "COINS_CHECK_IN", 20)


def streak_bonus() -> int:
    """Extra coins for each day of an unbroken streak beyond the first…"""
    return getattr(settings, "COINS_STREAK_BONUS", 2)


def streak_bonus_cap() -> int:
    """…up to this many extra coins a day."""
    return getattr(settings, "COINS_STREAK_BONUS_MAX", 10)
