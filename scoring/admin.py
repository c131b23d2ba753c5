"""The organizers' admin of matches and their trail, read-only (clubs and their people: clubs/admin.py).

Deals and audit events are never edited here: corrections go through the scoring services (the
table pages or the API) so that every change is versioned and the match is replayed.
"""

from django.contrib import admin

from scoring.models import AuditEvent, Deal, DealVersion, Match


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Rows written only by the services: shown, never changed here."""

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "club", "game_key", "status", "deal_count", "updated_at")
    list_filter = ("status", "game_key", "club")
    search_fields = ("title", "title_parts__event")


@admin.register(Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = ("match", "number", "version", "voided")


@admin.register(DealVersion)
class DealVersionAdmin(ReadOnlyAdmin):
    list_display = ("deal", "version", "voided", "source", "actor_label", "created_at")


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "match", "action", "deal_number", "actor_label", "actor_ip")
    list_filter = ("action",)
