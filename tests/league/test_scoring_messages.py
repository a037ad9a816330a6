"""Every scoring error message has its German wording (scoring's English templates are translated here)."""

import pytest
from django.utils import translation

from scoring.errors import TEMPLATES


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_every_scoring_error_message_is_translated_to_german(key):
    with translation.override("de"):
        german = translation.gettext(TEMPLATES[key])
    assert german != TEMPLATES[key]
