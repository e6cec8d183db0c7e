"""A private table opened without its invite, or a table that closed, gets a page that says
so and leads back to the lobby (not Django's 404); the invite link still opens it."""

import pytest

from games import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("debug", [True, False])
def test_a_private_table_without_its_code_gets_a_friendly_page(client, alice, bob, settings, debug):
    settings.DEBUG = debug
    table = services.create_table(game="dummy", user=alice, options={"private": True})
    client.force_login(bob)
    for path in (f"/tables/{table.pk}/", f"/tables/{table.pk}/?invite=wrong", f"/tables/{table.pk}/record.json"):
        response = client.get(path)
        page = response.content.decode()
        assert response.status_code == 404
        assert "This table is not open to you" in page and "invite link" in page
        assert 'href="/lobby/"' in page and table.invite_code not in page
    assert client.get(table.get_absolute_url()).status_code == 200


def test_a_table_that_does_not_exist_gets_the_same_page(client, alice):
    table = services.create_table(game="dummy", user=alice, options={"private": True})
    def main(path: str) -> str:
        page = client.get(path).content.decode()
        return page[page.index("<main"):page.index("</main>")]

    missing, private = main(f"/tables/{table.pk + 1}/"), main(f"/tables/{table.pk}/")
    assert "This table is not open to you" in missing
    # The same words for both: the page tells no one which private tables exist.
    assert missing == private


def test_its_own_player_opens_it_without_the_code(client, alice):
    table = services.create_table(game="dummy", user=alice, options={"private": True})
    client.force_login(alice)
    assert client.get(f"/tables/{table.pk}/").status_code == 200
