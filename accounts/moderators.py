"""Moderators are staff in one group whose permissions cover the apps they run the site with."""

from django.contrib.auth.models import Group, Permission

from accounts.models import User

MODERATOR_GROUP = "Moderators"
# Moderators may look after players and everything that happens at the tables, but not
# grant permissions or edit other staff.
MODERATED_APPS = ("games", "lobby", "ratings")


def moderator_group() -> Group:
    group, _ = Group.objects.get_or_create(name=MODERATOR_GROUP)
    permissions = (
        Permission.objects.filter(content_type__app_label__in=MODERATED_APPS)
        | Permission.objects.filter(content_type__app_label="accounts", codename__in=["view_user", "change_user"])
        # Moderation records are kept for good: moderators add and decide, never delete.
        | Permission.objects.filter(content_type__app_label="moderation").exclude(codename__startswith="delete_")
    )
    group.permissions.set(permissions)
    return group


def make_moderator(*, username: str, password: str, email: str = "") -> User:
    user, created = User.objects.get_or_create(username=username, defaults={"email": email})
    if created or password:
        user.set_password(password)
    user.is_staff = True
    user.save()
    user.groups.add(moderator_group())
    return user
