"""Tenhou's log format (tenhou.net/6 JSON) in and out of ``riichi-record/1``: pure Python,
no Django, like the engine it replays records through.

``import_tenhou(log_dict) -> record`` (raises ``TenhouImportError``); ``load_text(text)``
reads a log given as one JSON object or JSON lines of one hand each.
``export_tenhou(record, names=None, title=None) -> log_dict`` (raises the engine's
``InvalidRecord``): the record's finished hands in Tenhou's notation, the record's rules
under ``stich_rules`` so that ``import_tenhou`` reads the same match back.
"""

from .codes import TenhouImportError
from .exporter import export_tenhou
from .importer import import_tenhou, load_text

__all__ = ["TenhouImportError", "export_tenhou", "import_tenhou", "load_text"]
