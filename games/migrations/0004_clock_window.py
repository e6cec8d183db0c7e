"""Running tables' clocks name their timed window by kind ("window": {"kind", "at"}) instead
of Tichu's bomb window alone ("collect_at"); a paused one keeps "window" for "collect"."""

from django.db import migrations


def rename(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for table in Table.objects.filter(status="playing"):
        clock = dict(table.clock or {})
        at = clock.pop("collect_at", None)
        if table.game == "tichu" and (at is not None or (clock.get("paused") or {}).get("collect") is not None):
            clock["window"] = {"kind": "bomb", "at": at}
        else:
            clock.setdefault("window", None)
        if clock.get("paused"):
            paused = dict(clock["paused"])
            paused["window"] = paused.pop("collect", None)
            clock["paused"] = paused
        table.clock = clock
        table.save(update_fields=["clock"])


class Migration(migrations.Migration):
    dependencies = [("games", "0003_seat_position_any_game")]
    operations = [migrations.RunPython(rename, migrations.RunPython.noop)]
