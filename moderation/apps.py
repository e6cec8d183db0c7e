from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = _("Moderation")

    def ready(self) -> None:
        # Moderation plugs into the platform's hooks; the platform never imports it.
        from games import events, hooks
        from moderation import access, commands, cooldowns

        hooks.play_checks.append(access.ensure_may_play)
        hooks.sit_checks.append(access.ensure_may_sit)
        hooks.chat_checks.append(access.ensure_may_chat)
        hooks.socket_checks.append(access.ensure_not_banned)
        hooks.leave_notes.append(cooldowns.leaving_note)
        hooks.frame_handlers.update(dict.fromkeys(commands.VOTE_COMMANDS, commands.vote_command))
        events.game_finished.connect(cooldowns.on_game_finished, dispatch_uid="moderation-expulsions")
