"""Tiny helpers that read settings from the environment with safe defaults."""

import os


def envstr(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def envint(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def envlist(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]
