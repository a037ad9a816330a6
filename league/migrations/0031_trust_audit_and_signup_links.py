"""Issue 39: the audit log's "approve" action (sign-up approvals and account claims' decisions), and
every sign-up linked to its player where that is unambiguous: a sign-up is a player's by its link
(``Signup.player`` or its registration's player), never by a shared e-mail address, so a sign-up
that made a registration keeps its player once the registration goes (a withdrawal)."""
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def link_signups(apps, schema_editor):
    Signup = apps.get_model("league", "Signup")
    Registration = apps.get_model("league", "Registration")
    Signup.objects.filter(player__isnull=True, registration__isnull=False).update(
        player=Subquery(Registration.objects.filter(pk=OuterRef("registration_id")).values("player_id")[:1]))


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0030_audit_actions_merged"),
    ]

    operations = [
        migrations.AlterField(
            model_name="auditentry",
            name="action",
            field=models.CharField(choices=[("delete", "deleted"), ("archive", "archived"), ("restore", "restored"),
                                            ("reject", "rejected"), ("withdraw", "withdrawn"), ("erase", "erased"),
                                            ("approve", "approved")], max_length=12, verbose_name="action"),
        ),
        migrations.RunPython(link_signups, migrations.RunPython.noop),
    ]
