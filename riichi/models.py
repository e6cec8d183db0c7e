"""What a Riichi player chose for their own play, kept with the account so that it follows
them to every table and device."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Toggles(models.Model):
    """A player's table toggles (riichi.table_engine.TOGGLES): the server acts for the seat."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="riichi_toggles")
    auto_win = models.BooleanField(_("declare wins at once"), default=False)
    skip_calls = models.BooleanField(_("skip calls"), default=False)
    auto_discard = models.BooleanField(_("discard the drawn tile when nothing else is possible"), default=False)

    class Meta:
        verbose_name = _("Riichi toggles")
        verbose_name_plural = _("Riichi toggles")

    def __str__(self) -> str:
        return str(self.user)

    def action(self, seat: str) -> dict:
        """The table action that gives ``seat`` these toggles."""
        return {"type": "toggles", "seat": seat, "auto_win": self.auto_win, "skip_calls": self.skip_calls,
                "auto_discard": self.auto_discard}
