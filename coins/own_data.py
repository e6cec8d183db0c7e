"""A player's coins, for their own data download: the ledger, the check-ins, the styles."""

from coins.models import CheckIn, Entry, Ownership, Wallet


def coins_of(user) -> dict:
    wallet = Wallet.objects.filter(user=user).first()
    ledger = Entry.objects.filter(user=user).order_by("when", "pk")
    styles = Ownership.objects.filter(user=user).order_by("since")
    return {
        "coins.json": {
            "time_zone": wallet.time_zone if wallet else "",
            "ledger": list(ledger.values("when", "amount", "reason", "style", "note")),
            "check_ins": list(CheckIn.objects.filter(user=user).order_by("day").values("day", "streak", "time_zone")),
            "styles": list(styles.values("style", "since", "revoked_at")),
        }
    }
