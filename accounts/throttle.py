"""Login throttling with two limits. axes counts failures per lockout parameter and compares
the largest count with one limit; we want a name tried from one address locked after
AXES_FAILURE_LIMIT failures, and the address itself — one wrong password for each of many
names — only after AXES_IP_FAILURE_LIMIT, so that people sharing an address (a school, a
café) are not all locked out by one forgetful player."""

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.db.models import Sum


class NameAndAddressHandler(AxesDatabaseHandler):
    """For AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]."""

    def get_failures(self, request, credentials: dict | None = None) -> int:
        name, address = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        # The address's count in units of the name's limit: it reaches AXES_FAILURE_LIMIT
        # exactly when the address reaches AXES_IP_FAILURE_LIMIT.
        return max(name, address * settings.AXES_FAILURE_LIMIT // settings.AXES_IP_FAILURE_LIMIT)

    def reset_user_attempts(self, request, credentials: dict | None = None) -> int:
        # A successful login clears that name's failures only: logging in to one's own account
        # must not wipe the address's failures on the other names.
        name, _ = self.filter_user_attempts(request, credentials)
        count, _ = name.delete()
        return count
