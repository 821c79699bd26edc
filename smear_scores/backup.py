"""What a backup holds, shared by backup_dump and backup_load."""

from __future__ import annotations

import datetime
from graphlib import TopologicalSorter
from typing import Any

from django.apps import apps
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

# Besides every model of the app (so models added later are included without a change
# here): the accounts of club members and the admin's own change log.
EXTRA_MODELS = ["auth.Group", "auth.User", "admin.LogEntry"]


def backup_models() -> list[type[models.Model]]:
    """Every model a backup holds, each after the models it points to."""
    chosen = [apps.get_model(label) for label in EXTRA_MODELS]
    chosen += [m for m in apps.get_app_config("smear_scores").get_models() if not m._meta.proxy]
    chosen_set = set(chosen)
    graph: dict[type[models.Model], set[type[models.Model]]] = {}
    for model in chosen:
        deps = set()
        for field in model._meta.get_fields():
            if (field.many_to_one or field.one_to_one) and field.concrete:
                target = field.related_model
                if target in chosen_set and target is not model:
                    deps.add(target)
        graph[model] = deps
    # A stable order: dependencies first, ties in the order listed above.
    sorter = TopologicalSorter(graph)
    sorter.prepare()
    ordered: list[type[models.Model]] = []
    rank = {model: i for i, model in enumerate(chosen)}
    while sorter.is_active():
        ready = sorted(sorter.get_ready(), key=rank.__getitem__)
        ordered.extend(ready)
        sorter.done(*ready)
    return ordered


def label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def plural(model: type[models.Model], count: int) -> str:
    name = model._meta.verbose_name if count == 1 else model._meta.verbose_name_plural
    return f"{count} {name}"


class ExactJSONEncoder(DjangoJSONEncoder):
    """Django's encoder, but times keep their microseconds (Django's drops all below the
    millisecond): a restored audit record says exactly when it was written."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime):
            text = o.isoformat()
            return text[:-6] + "Z" if text.endswith("+00:00") else text
        if isinstance(o, datetime.time):
            return o.isoformat()
        return super().default(o)
