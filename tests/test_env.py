"""Settings read from the environment refuse bad values with a clear message."""

import subprocess
import sys
import types
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from smear_scores.env import env_bool, env_cache, env_database, env_list


def test_env_bool_reads_yes_and_no(monkeypatch):
    monkeypatch.setenv("DEBUG", "off")
    assert env_bool("DEBUG", True) is False
    monkeypatch.setenv("DEBUG", "Yes")
    assert env_bool("DEBUG", False) is True


def test_env_bool_refuses_a_word_it_does_not_know(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured) as refused:
        env_bool("DEBUG", True)
    assert str(refused.value) == (
        "DEBUG='maybe' is not a yes/no value: use one of 1, true, yes, on or 0, false, no, off."
    )


def test_env_list_splits_hosts_and_refuses_an_empty_list(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", "scores.example.org, club.example.org")
    assert env_list("ALLOWED_HOSTS", []) == ["scores.example.org", "club.example.org"]
    monkeypatch.setenv("ALLOWED_HOSTS", " , ")
    with pytest.raises(ImproperlyConfigured, match="ALLOWED_HOSTS is set but empty"):
        env_list("ALLOWED_HOSTS", [])


def test_env_database_defaults_to_sqlite_and_reads_postgres(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert env_database("DATABASE_URL", "sqlite:///db.sqlite3")["ENGINE"] == (
        "django.db.backends.sqlite3"
    )
    monkeypatch.setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/club")
    config = env_database("DATABASE_URL", "sqlite:///db.sqlite3")
    assert (config["ENGINE"], config["NAME"], config["HOST"]) == (
        "django.db.backends.postgresql",
        "club",
        "127.0.0.1",
    )


def test_env_database_refuses_an_engine_it_does_not_run_on(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "mysql://root@127.0.0.1/club")
    with pytest.raises(ImproperlyConfigured, match="runs on SQLite"):
        env_database("DATABASE_URL", "sqlite:///db.sqlite3")


def test_env_cache_keeps_parts_in_memory_unless_a_redis_is_named(monkeypatch):
    monkeypatch.delenv("CACHE_URL", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert env_cache()["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    # The client library stands in (it is installed only where a Redis is used).
    monkeypatch.setitem(sys.modules, "redis", types.ModuleType("redis"))
    monkeypatch.setenv("REDIS_URL", "redis://cache.internal:6379/1")
    assert env_cache() == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://cache.internal:6379/1",
    }
    # CACHE_URL, when set, is the one read.
    monkeypatch.setenv("CACHE_URL", "dummy://")
    assert env_cache()["BACKEND"] == "django.core.cache.backends.dummy.DummyCache"


def test_env_cache_refuses_a_cache_it_does_not_know_and_a_redis_without_its_client(
    monkeypatch,
):
    monkeypatch.setenv("CACHE_URL", "memcached://127.0.0.1:11211")
    with pytest.raises(ImproperlyConfigured) as refused:
        env_cache()
    assert str(refused.value) == (
        "CACHE_URL='memcached://127.0.0.1:11211' is not a cache this app knows: use "
        "redis://host:6379/0 (several app machines sharing one cache), locmem:// (each "
        "process its own, the default) or dummy:// (no cache)."
    )
    monkeypatch.setitem(sys.modules, "redis", None)  # not installed: import fails
    monkeypatch.setenv("CACHE_URL", "redis://127.0.0.1:6379/0")
    with pytest.raises(ImproperlyConfigured, match=r"pip install 'redis~=8.1'"):
        env_cache()


def test_settings_refuse_to_start_without_secret_key_when_debug_is_off():
    result = subprocess.run(
        [sys.executable, "-c", "import smear_scores.settings"],
        env={"DEBUG": "false", "PATH": ""},
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert result.returncode == 1
    assert "SECRET_KEY is not set and DEBUG is off" in result.stderr


def test_stream_caps_refuse_a_per_address_cap_above_a_share_of_the_process_limit(monkeypatch):
    from smear_scores.env import env_stream_caps

    monkeypatch.setenv("LIVE_MAX_STREAMS", "10")
    monkeypatch.setenv("LIVE_MAX_STREAMS_PER_CLIENT", "60")
    with pytest.raises(ImproperlyConfigured) as refused:
        env_stream_caps()
    assert str(refused.value) == (
        "LIVE_MAX_STREAMS_PER_CLIENT=60 is more than a quarter of LIVE_MAX_STREAMS=10: one "
        "address could hold every live board of a process. Give LIVE_MAX_STREAMS_PER_CLIENT=2 "
        "or less, a larger LIVE_MAX_STREAMS, or leave either unset."
    )
    monkeypatch.setenv("LIVE_MAX_STREAMS_PER_CLIENT", "2")
    assert env_stream_caps() == (10, 2, 200)
    monkeypatch.delenv("LIVE_MAX_STREAMS_PER_CLIENT")
    assert env_stream_caps() == (10, 60, 200)  # the default: a quarter of 10 applies (hub)


@pytest.mark.parametrize("name", ["LIVE_MAX_STREAMS_PER_CLIENT", "LIVE_MAX_STREAMS_PER_GAME"])
def test_stream_caps_refuse_a_cap_that_lets_no_board_stream(monkeypatch, name):
    from smear_scores.env import env_stream_caps

    monkeypatch.delenv("LIVE_MAX_STREAMS", raising=False)
    monkeypatch.setenv(name, "0")
    with pytest.raises(ImproperlyConfigured) as refused:
        env_stream_caps()
    assert str(refused.value) == (
        f"{name}=0 would let no board stream: give 1 or more, or set LIVE_MAX_STREAMS=0 "
        "to turn the streams off (every board then checks every few seconds)."
    )
