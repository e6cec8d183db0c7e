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
