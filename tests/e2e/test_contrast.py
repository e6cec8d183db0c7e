"""The site's own pages keep WCAG AA contrast for every piece of text, for a visitor and for
a signed-in player, on a desktop and on a phone with the header's menu open (the table pages
are measured at every turn of the layout tests, tests/e2e/test_table_layout.py)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.e2e.contrast import assert_readable

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
PAGES = ("/", "/lobby/", "/learn/", "/leaderboard/", "/accounts/login/", "/accounts/signup/")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "player"])
def test_every_page_of_the_site_is_readable(daphne_server, browser, alice, size, signed_in):
    context = browser.new_context(**size)
    if signed_in:
        client = Client()
        client.force_login(alice)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": daphne_server}])
    page = context.new_page()
    paths = PAGES + ((reverse("profile", args=[alice.username]),) if signed_in else ())
    for path in paths:
        page.goto(daphne_server + path)
        assert page.locator("main").count() == 1, path
        assert_readable(page)
        if page.locator(".menu-toggle").is_visible():
            page.locator(".menu-toggle").click()
            assert_readable(page)
    context.close()


def test_the_audit_finds_text_too_faint_to_read(browser):
    from tests.e2e.contrast import contrast_failures

    page = browser.new_page()
    page.set_content("""<body style="background:#fff">
      <p style="color:#767676">grey on white: 4.54, passes</p>
      <p style="color:#777; background:#888">grey on grey</p>
      <div style="background:#0f4630"><p style="color:#fff; opacity:.4">faded white on the felt</p></div>
      <div style="background:#0f4630"><span style="background:rgba(255,255,255,.55); color:#fff">white on a pale badge</span></div>
      <button disabled style="color:#ccc">a disabled button is exempt</button>
      <h1 style="font-size:30px; color:#949494">large text needs 3:1 only</h1></body>""")
    assert [f["text"] for f in contrast_failures(page)] == ["grey on grey", "faded white on the felt", "white on a pale badge"]
    page.close()
