"""The "Report a player" links follow who is seated: a player who sits down after the page
was drawn appears in the links the socket sends, one who stands up leaves them."""

import json

import pytest
from asgiref.sync import async_to_sync

from games import services
from tests.games.pages import cookie_of, frames_until, open_page

pytestmark = pytest.mark.django_db(transaction=True)


def _links(frame: str) -> str:
    start = frame.index('id="t-report-links"')
    return frame[start:frame.index("</p>", start)]


def test_report_links_follow_who_sits_down_and_stands_up(client, alice, bob):
    table = services.create_table(game="dummy", user=alice, options={"rated": False})
    client.force_login(alice)
    assert "/moderation/report/" not in _links(client.get(table.get_absolute_url()).content.decode())
    alices, bobs = cookie_of(alice), cookie_of(bob)

    async def scenario():
        page, guest = await open_page(table, alices), await open_page(table, bobs)
        frames = []
        for cmd in ({"cmd": "sit", "position": "B"}, {"cmd": "stand"}):
            await guest.send_to(text_data=json.dumps(cmd))
            # the first seating drawing after the move (a presence frame holds no links)
            frames.append((await frames_until(page, 'id="t-report-links"'))[-1])
        await page.disconnect()
        await guest.disconnect()
        return frames

    seated, stood = async_to_sync(scenario)()
    assert f'/moderation/report/bob/?table={table.pk}' in _links(seated)
    assert "/moderation/report/alice/" not in _links(seated)  # never oneself
    assert "/moderation/report/bob/" not in _links(stood)
