from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "email", "email_verified", "is_staff", "is_active", "date_joined")
    list_filter = ("is_staff", "is_active", "email_verified", "language")
    fieldsets = BaseUserAdmin.fieldsets + ((_("Stich"), {"fields": ("email_verified", "language")}),)
