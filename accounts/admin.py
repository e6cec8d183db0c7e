from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from moderation.admin.users import UserModerationMixin

# Only a superuser grants rights: a moderator may change players, never make staff.
PRIVILEGE_FIELDS = ("is_staff", "is_superuser", "groups", "user_permissions")
# A confirmed address receives password resets: whoever sets it owns the account.
SIGN_IN_FIELDS = ("email", "email_verified")


@admin.register(User)
class UserAdmin(UserModerationMixin, BaseUserAdmin):
    list_display = ("username", "email", "email_verified", "is_guest", "is_staff", "is_active", "date_joined")
    list_filter = ("is_staff", "is_active", "is_guest", "email_verified", "language")
    fieldsets = BaseUserAdmin.fieldsets + ((_("Stich"), {"fields": ("email_verified", "language", "is_guest")}),)

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None:
            return fieldsets
        return ((_("Moderation"), {"fields": self.moderation_fields}), *fieldsets)

    def get_readonly_fields(self, request, obj=None):
        # A guest becomes a full account only by choosing a name and password (accounts.guests).
        readonly = (*super().get_readonly_fields(request, obj), *self.moderation_fields, "is_guest")
        if not request.user.is_superuser:
            readonly += PRIVILEGE_FIELDS + SIGN_IN_FIELDS
        return readonly

    def has_change_permission(self, request, obj=None) -> bool:
        return not _out_of_reach(request, obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return not _out_of_reach(request, obj) and super().has_delete_permission(request, obj)

    def user_change_password(self, request, id, form_url=""):
        if not request.user.is_superuser:
            raise PermissionDenied
        return super().user_change_password(request, id, form_url)


def _out_of_reach(request, user) -> bool:
    """Staff accounts are a superuser's to change, deactivate or delete, never a moderator's."""
    return user is not None and (user.is_staff or user.is_superuser) and not request.user.is_superuser
