from django.db import migrations, models

import league.rule_options


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0032_audit_actions_all'),
    ]

    operations = [
        migrations.AddField(
            model_name='season',
            name='ruleset_family',
            field=models.CharField(blank=True, choices=league.rule_options.family_choices, help_text='The rulesets the season ranks; empty: those of its first tournament', max_length=20, verbose_name='ruleset family'),
        ),
    ]
