"""The services' one way to apply a caller's data to a model instance (HackSoft's ``model_update``
idea): set only the allowed fields and say which changed, so a service saves only those and knows
what to request afterwards."""
import copy

from django.utils.translation import gettext as _

from ..errors import ServiceError


def fields_set(instance, data: dict, allowed: tuple[str, ...]) -> list[str]:
    """Set ``data`` on ``instance``; the names of the fields whose value changed, in ``data``'s order.
    A name outside ``allowed`` → ServiceError ``unknown_field``."""
    unknown = set(data) - set(allowed)
    if unknown:
        raise ServiceError("unknown_field", _("These fields cannot be set here: %(fields)s")
                           % {"fields": ", ".join(sorted(unknown))})
    changed = [name for name, value in data.items() if getattr(instance, name, None) != value]
    for name in changed:
        setattr(instance, name, copy.deepcopy(data[name]))
    return changed


def fields_required(instance, names: tuple[str, ...]) -> None:
    """ServiceError ``required`` naming every one of ``names`` left empty."""
    missing = [name for name in names if getattr(instance, name, None) in (None, "")]
    if missing:
        raise ServiceError("required", _("Fill in every required field."),
                           fields={name: [_("Required.")] for name in missing})


def field_error(code: str, field: str, message: str, *, error: type[ServiceError] = ServiceError) -> ServiceError:
    """A ServiceError about one field, its message shown on that field; ``error`` its kind
    (``Conflict`` for a value another row has taken already)."""
    return error(code, message, fields={field: [message]})
