from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = _("Moderation")

    def ready(self) -> None:
        # Moderation plugs into the platform's hooks; the platform never imports it.
        from django.db.models.signals import post_delete, post_save

        from games import events, hooks
        from moderation import access, commands, cooldowns, sanctions
        from moderation.models import Ban

        hooks.play_checks.append(access.ensure_may_play)
        hooks.sit_checks.append(access.ensure_may_sit)
        hooks.sit_checks_many[access.ensure_may_sit] = access.sit_refusals
        hooks.chat_checks.append(access.ensure_may_chat)
        hooks.socket_checks.append(access.ensure_not_banned)
        hooks.leave_notes.append(cooldowns.leaving_note)
        hooks.frame_handlers.update(dict.fromkeys(commands.VOTE_COMMANDS, commands.vote_command))
        for signal in (post_save, post_delete):
            signal.connect(sanctions.ban_changed, sender=Ban, dispatch_uid=f"moderation-ban-copy-{signal is post_save}")
        events.game_finished.connect(cooldowns.on_game_finished, dispatch_uid="moderation-expulsions")
