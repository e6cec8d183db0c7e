"""The language a websocket speaks: the player's saved choice, else the visitor's cookie."""

from django.conf import settings


def language_for_scope(scope: dict) -> str:
    user = scope.get("user")
    if user is not None and user.is_authenticated and user.language:
        return user.language
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    return cookie if cookie in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
