"""With DEBUG off (the default, `make run` included) a visitor who finds no page or meets a
failure gets the site's own page in their language: no settings, no traceback."""

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language, title", [("en", "Page not found"), ("de", "Seite nicht gefunden"),
                                             ("el", "Η σελίδα δεν βρέθηκε")])
def test_an_unknown_address_gets_our_page_in_the_visitors_language(language, title):
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/no/such/page/")
    page = response.content.decode()
    assert response.status_code == 404
    assert f"<title>{title} · Stich</title>" in page and 'class="site-header"' in page
    assert "Using the URLconf" not in page and "urlpatterns" not in page


@override_settings(ROOT_URLCONF="tests.ops.failing_urls")
@pytest.mark.parametrize("language, title", [("en", "Something went wrong"), ("de", "Etwas ist schiefgegangen"),
                                             ("el", "Κάτι πήγε στραβά")])
def test_a_failing_view_answers_our_own_page_without_a_traceback(language, title):
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)
    response = client.get("/broken-for-a-test/")
    page = response.content.decode()
    assert response.status_code == 500
    assert f"<h1>{title}</h1>" in page and 'class="site-header"' in page
    assert "Traceback" not in page and "secret detail" not in page and "RuntimeError" not in page
