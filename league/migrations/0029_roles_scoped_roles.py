"""Scoped roles (league.models.roles), a tournament's host club and the audit log's scope. Today's
administrators (superusers, holders of ``league.administer`` directly or through the "League
administrators" group) become site administrators, and every referee assignment gets its role:
nobody loses access (the group keeps working: the checks still read it)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def roles_of_today(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Role = apps.get_model("league", "Role")
    RefereeAssignment = apps.get_model("league", "RefereeAssignment")
    perm = {"content_type__app_label": "league", "codename": "administer"}
    admins = User.objects.filter(models.Q(is_superuser=True)
                                 | models.Q(**{f"user_permissions__{k}": v for k, v in perm.items()})
                                 | models.Q(**{f"groups__permissions__{k}": v for k, v in perm.items()})).distinct()
    Role.objects.bulk_create([Role(user_id=pk, role="site_admin", status="active")
                              for pk in admins.values_list("pk", flat=True)])
    Role.objects.bulk_create([Role(user_id=a.user_id, role="referee", tournament_id=a.tournament_id, assignment_id=a.pk,
                                   status="active") for a in RefereeAssignment.objects.all()])


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0028_seating_table_reopened'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('auth', '0012_alter_user_first_name_max_length'),
    ]

    operations = [
        migrations.AddField(
            model_name='auditentry',
            name='scope_club',
            field=models.PositiveIntegerField(blank=True, db_index=True, null=True, verbose_name='club'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='scope_league',
            field=models.PositiveIntegerField(blank=True, db_index=True, null=True, verbose_name='league'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='scope_tournament',
            field=models.PositiveIntegerField(blank=True, db_index=True, null=True, verbose_name='tournament'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='host_club',
            field=models.ForeignKey(blank=True, help_text='The club whose organisers run this event', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='hosted_tournaments', to='league.club', verbose_name='host club'),
        ),
        migrations.AlterField(
            model_name='auditentry',
            name='action',
            field=models.CharField(choices=[('delete', 'deleted'), ('archive', 'archived'), ('restore', 'restored'), ('reject', 'rejected'), ('withdraw', 'withdrawn'), ('erase', 'erased'), ('grant', 'role given'), ('invite', 'role invited'), ('accept', 'invitation accepted'), ('revoke', 'role taken back')], max_length=12, verbose_name='action'),
        ),
        migrations.CreateModel(
            name='Role',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('email', models.EmailField(blank=True, max_length=254, verbose_name='e-mail address')),
                ('role', models.CharField(choices=[('site_admin', 'site administrator'), ('league_admin', 'league administrator'), ('club_organiser', 'club organiser'), ('director', 'tournament director'), ('referee', 'referee')], max_length=20, verbose_name='role')),
                ('status', models.CharField(choices=[('invited', 'invited'), ('active', 'active')], default='active', max_length=8, verbose_name='status')),
                ('language', models.CharField(default='de', max_length=8, verbose_name='language')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='given at')),
                ('accepted_at', models.DateTimeField(blank=True, null=True, verbose_name='accepted at')),
                ('assignment', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='role', to='league.refereeassignment', verbose_name='referee assignment')),
                ('club', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='roles', to='league.club', verbose_name='club')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='given by')),
                ('league', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='roles', to='league.league', verbose_name='league')),
                ('tournament', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='roles', to='league.tournament', verbose_name='tournament')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='roles', to=settings.AUTH_USER_MODEL, verbose_name='user')),
            ],
            options={
                'verbose_name': 'role',
                'verbose_name_plural': 'roles',
                'ordering': ['role', 'pk'],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('club__isnull', True), ('league__isnull', True), ('role', 'site_admin'), ('tournament__isnull', True)), models.Q(('club__isnull', True), ('league__isnull', False), ('role', 'league_admin'), ('tournament__isnull', True)), models.Q(('club__isnull', False), ('league__isnull', True), ('role', 'club_organiser'), ('tournament__isnull', True)), models.Q(('club__isnull', True), ('league__isnull', True), ('role__in', ['director', 'referee']), ('tournament__isnull', False)), _connector='OR'), name='role_scope_fits'), models.CheckConstraint(condition=models.Q(models.Q(('status', 'active'), ('user__isnull', False)), models.Q(('status', 'invited'), ('user__isnull', True), models.Q(('email', ''), _negated=True)), _connector='OR'), name='role_user_or_invited'), models.UniqueConstraint(condition=models.Q(('role', 'site_admin')), fields=('user',), name='role_site_admin_once'), models.UniqueConstraint(condition=models.Q(('role', 'league_admin')), fields=('user', 'league'), name='role_league_admin_once'), models.UniqueConstraint(condition=models.Q(('role', 'club_organiser')), fields=('user', 'club'), name='role_club_organiser_once'), models.UniqueConstraint(condition=models.Q(('role__in', ['director', 'referee'])), fields=('user', 'role', 'tournament'), name='role_tournament_role_once')],
            },
        ),
        migrations.RunPython(roles_of_today, migrations.RunPython.noop),
    ]
