from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OpsConfig(AppConfig):
    name = "ops"
    verbose_name = _("Operations")

    def ready(self) -> None:
        # Every process that publishes or runs tasks (daphne, worker, beat) notes what the
        # operator's checks read; the signals name no task of any app but ops' own.
        from celery.signals import before_task_publish, task_postrun, task_prerun

        from games import hooks
        from ops import heartbeat, histograms

        before_task_publish.connect(heartbeat.on_publish, weak=False)
        task_prerun.connect(histograms.task_started, weak=False)
        task_postrun.connect(histograms.task_finished, weak=False)
        hooks.action_timings.append(histograms.action_broadcast)
        hooks.actions_logged.append(histograms.actions_logged)
