"""A table's socket draws in the language its page was drawn in: the player's saved choice,
else the language cookie, else the browser's languages (Accept-Language), as Django's
LocaleMiddleware chooses for the page itself. A socket that stopped at the cookie turned a
German or Greek browser's page English with its first frame."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.utils import translation

from config.asgi import application
from tests.games.pages import DRAWN, HEADERS, cookie_of, frames_until

pytestmark = pytest.mark.django_db(transaction=True)

LINE = "Report a player:"  # on every signed-in page's drawing (games/fragments)


def _in(language: str) -> str:
    with translation.override(language):
        return translation.gettext(LINE)


def _drawn_language(table, cookie: bytes, accept: bytes | None) -> str:
    headers = [*HEADERS, (b"cookie", cookie)] + ([(b"accept-language", accept)] if accept else [])

    async def drawing():
        page = WebsocketCommunicator(application, f"/ws/table/{table.pk}/{table.invite_code}/", headers=headers)
        connected, _ = await page.connect(timeout=10)
        assert connected
        frame = (await frames_until(page, DRAWN))[-1]
        await page.disconnect()
        return frame

    frame = async_to_sync(drawing)()
    found = [code for code, _ in settings.LANGUAGES if _in(code) in frame]
    assert len(found) == 1, found
    return found[0]


def _page_language(table, user, accept: bytes | None, cookie_language: str | None) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=accept.decode()) if accept else Client()
    client.force_login(user)
    if cookie_language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = cookie_language
    page = client.get(f"/tables/{table.pk}/")
    assert page.status_code == 200
    return page.headers["Content-Language"]


@pytest.mark.parametrize(("accept", "cookie_language", "saved", "expected"), [
    (b"el-GR,el;q=0.9,en;q=0.5", None, "", "el"),
    (b"fr-FR,de;q=0.8", None, "", "de"),
    (b"fr-FR", None, "", "en"),
    (None, None, "", "en"),
    (b"el", "de", "", "de"),
    (b"el", "de", "en", "en"),
])
def test_the_socket_speaks_the_language_of_the_page_it_draws(team_table, four_players, accept, cookie_language,
                                                               saved, expected):
    user = four_players[0]
    user.language = saved
    user.save(update_fields=["language"])
    cookie = cookie_of(user)
    if cookie_language:
        cookie += f"; {settings.LANGUAGE_COOKIE_NAME}={cookie_language}".encode()
    assert _page_language(team_table, user, accept, cookie_language) == expected
    assert _drawn_language(team_table, cookie, accept) == expected
