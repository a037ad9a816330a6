"""English pages write dates the European way, as British English does (5 Nov 2026, 05/11/2026).

Django's plain "en" formats are American (11/05/2026), which the league's readers, all in Europe,
read as the 11th of May. The project's languages are "de" and "en" (no "en-gb" to choose), so the
English formats are British English's own, taken whole from Django's ``en_GB`` locale.
"""
from django.conf.locale.en_GB.formats import *  # noqa: F403
