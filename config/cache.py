"""The site's Redis cache: Django's, with one redis-py client per connection pool.

Django builds a new `redis.Redis` for every cache call, and building one costs about 0.3 ms of
CPU (its table of response callbacks). A table's frames read the seats' looks from the cache
on the socket's event loop for every move, so that cost was paid per move. A client over a
connection pool is safe to share between threads, and the pool itself survives a fork."""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class SharedClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        if index not in self._clients:
            if index not in self._pools:
                self._pools[index] = self._pool_class.from_url(self._servers[index], **self._pool_options)
            self._clients[index] = self._client(connection_pool=self._pools[index])
        return self._clients[index]


class SharedClientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = SharedClient
