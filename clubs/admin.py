"""The admin of clubs, their players and their staff (owners and organizers)."""

from django.contrib import admin

from clubs.models import Club, Membership, Player, StaffRole


class MembershipInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Membership
    extra = 0


class StaffRoleInline(admin.TabularInline):  # type: ignore[type-arg]
    model = StaffRole
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "slug", "language", "time_zone", "created_at")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "slug")
    inlines = (StaffRoleInline, MembershipInline)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "user")
    search_fields = ("name",)
