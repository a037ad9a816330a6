"""Dates read the same way in both languages: day first (a European reads 11/05 as the 11th of May)."""
import datetime

from django.utils import formats, translation

NOVEMBER_5 = datetime.date(2026, 11, 5)


def test_english_pages_write_the_day_before_the_month():
    with translation.override("en"):
        assert formats.date_format(NOVEMBER_5, "SHORT_DATE_FORMAT") == "05/11/2026"
        assert formats.date_format(NOVEMBER_5, "DATE_FORMAT") == "5 Nov 2026"


def test_german_pages_keep_their_own_dates():
    with translation.override("de"):
        assert formats.date_format(NOVEMBER_5, "SHORT_DATE_FORMAT") == "05.11.2026"


def test_an_english_form_still_reads_the_date_a_date_field_sends():
    with translation.override("en"):
        assert "%Y-%m-%d" in formats.get_format("DATE_INPUT_FORMATS")
