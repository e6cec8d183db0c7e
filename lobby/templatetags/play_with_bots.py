from django import template

from lobby.practice import PlayWithBotsForm

register = template.Library()


@register.inclusion_tag("lobby/fragments/play_with_bots.html", takes_context=True)
def play_with_bots(context) -> dict:
    """The one-click practice form, for the home page and the lobby alike."""
    return {"play_with_bots_form": PlayWithBotsForm(prefix="bots"), "user": context.get("user"),
            "request": context.get("request"), "csrf_token": context.get("csrf_token")}
