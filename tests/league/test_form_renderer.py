"""The remembering form renderer gives the HTML Django's own renderer gives, and keeps only renders
of plain values."""
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from django.utils.translation import override

from league.form_renderer import LABEL, RememberingRenderer


class HandLikeForm(forms.Form):
    number = forms.IntegerField(label="Hand", min_value=1)
    outcome = forms.ChoiceField(label="Outcome", choices=[("win", "Win"), ("draw", "Draw")])
    note = forms.CharField(label="Note", required=False, widget=forms.Textarea)


def test_every_field_renders_as_with_djangos_renderer_the_first_time_and_again():
    remembering = RememberingRenderer()
    for data in (None, {"number": "0", "outcome": "draw", "note": "<b>x</b>"}):
        expected = str(HandLikeForm(data, renderer=DjangoTemplates()))
        assert str(HandLikeForm(data, renderer=remembering)) == expected
        assert str(HandLikeForm(data, renderer=remembering)) == expected  # from what it kept


def test_a_safe_text_and_a_plain_one_are_kept_apart():
    renderer = RememberingRenderer()
    template = "django/forms/widgets/input.html"

    def widget(value):
        return {"widget": {"name": "n", "is_hidden": False, "required": False, "value": value, "attrs": {},
                           "template_name": template, "type": "text"}}

    plain = renderer.render(template, widget("<i>"))
    safe = renderer.render(template, widget(mark_safe("<i>")))
    assert "&lt;i&gt;" in plain and 'value="<i>"' in safe


def test_the_language_is_part_of_the_key():
    renderer = RememberingRenderer()
    with override("de"):
        german = str(HandLikeForm({"number": "0"}, renderer=renderer)["number"].errors)
    with override("en"):
        english = str(HandLikeForm({"number": "0"}, renderer=renderer)["number"].errors)
    assert german != english


def test_a_context_with_an_object_is_rendered_each_time_and_not_kept():
    renderer = RememberingRenderer()

    class Thing:
        def __str__(self):
            return "thing"

    renderer.render("django/forms/attrs.html", {"widget": {"attrs": {"title": Thing()}}})
    assert renderer._seen == {}


class Tripwire:
    """A bound field that fails the render as soon as a template looks at it."""

    def __getattr__(self, name):
        raise AssertionError(f"the label template read field.{name}")

    def __str__(self):
        raise AssertionError("the label template printed the field")


def test_djangos_label_template_prints_the_label_and_never_reads_the_field():
    # league.form_renderer leaves the bound field out of the label's key: that holds only while
    # Django's label.html reads use_tag, tag, attrs and label alone.
    context = {"label": "Hand", "use_tag": True, "tag": "label", "attrs": {"for": "id_number"}}
    html = DjangoTemplates().render(LABEL, {**context, "field": Tripwire()})
    assert html == '<label for="id_number">Hand</label>'
    assert "field" not in DjangoTemplates().get_template(LABEL).template.source


def test_two_fields_with_the_same_label_share_one_remembered_label():
    renderer = RememberingRenderer()
    first, second = HandLikeForm(renderer=renderer), HandLikeForm(renderer=renderer)
    assert first["number"].label_tag() == second["number"].label_tag() == '<label for="id_number">Hand:</label>'
    assert len([key for key in renderer._seen if key[0] == LABEL]) == 1
