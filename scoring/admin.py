"""The organizers' admin: clubs, their people and roles; matches and their trail, read-only.

Deals and audit events are never edited here: corrections go through the scoring services (the
table pages or the API) so that every change is versioned and the match is replayed.
"""

from django.contrib import admin

from scoring.models import AuditEvent, Club, Deal, DealVersion, Match, Membership, Player, StaffRole


class MembershipInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Membership
    extra = 0


class StaffRoleInline(admin.TabularInline):  # type: ignore[type-arg]
    model = StaffRole
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "slug", "created_at")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "slug")
    inlines = (StaffRoleInline, MembershipInline)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "user")
    search_fields = ("name",)


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
    search_fields = ("title",)


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
