"""A banned player is logged out on their next request and shown why, from any page.

Why a middleware and not `is_active = False`: unbanning (or a ban running out) must restore
the account exactly, and a ban with an end date must end without anyone touching the user
row. Why not only an authentication backend: a player who is already logged in when the ban
lands must lose the session at once too, and the login form would only say "wrong
password". With this middleware a banned player's login succeeds for one redirect, and the
very next request ends the session and shows the ban page; open sockets close on the
`user.moderated` event (moderation.notify).

Place it right after AuthenticationMiddleware (and after the user-language middleware, so
the page is in their language).
"""

from django.contrib.auth import logout
from django.shortcuts import render

from moderation import devices
from moderation.sanctions import active_ban


class BanMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        ban = active_ban(user) if user is not None and user.is_authenticated else None
        if ban is None:
            return self.get_response(request)
        logout(request)
        return render(request, "moderation/banned.html", {"ban": ban}, status=403)


class DeviceMiddleware:
    """Names the browser with a long-lived signed cookie (moderation.devices), on any visit, and
    keeps which accounts were seen in it: the signed-in one before the view (a banned player
    is logged out by BanMiddleware after this), and one the view signed in (a new guest).

    Place it right after AuthenticationMiddleware, before BanMiddleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        device = devices.read_device(request)
        request.device_id = device or devices.new_device()
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            devices.note(request, user)
        response = self.get_response(request)
        after = getattr(request, "user", None)
        if after is not None and after.is_authenticated and after != user:
            devices.note(request, after)
        if device is None:
            devices.set_device_cookie(response, request.device_id)
        return response
