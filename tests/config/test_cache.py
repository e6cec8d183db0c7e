"""The site's cache (config.cache): Django's Redis cache, with one redis-py client per pool."""

from django.core.cache import cache


def test_the_cache_reads_back_what_it_keeps_through_one_client():
    cache.set("cache-test", {"look": "moss"}, timeout=30)
    assert cache.get_many(["cache-test", "cache-missing"]) == {"cache-test": {"look": "moss"}}
    client = cache._cache.get_client()
    assert cache._cache.get_client(write=True) is client  # not a new client per call
    cache.delete("cache-test")
    assert cache.get("cache-test") is None

