"""What a browser would post from a Django admin change form: every input, select and textarea
of the page's main form with its current value, ready to be changed and sent back."""
from html.parser import HTMLParser


class _FormFields(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self._in_form = False
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs) -> None:
        attrs = dict(attrs)
        if tag == "form" and attrs.get("id", "").endswith("_form"):
            self._in_form = True
        if not self._in_form:
            return
        name = attrs.get("name")
        if tag == "input" and name and "disabled" not in attrs:
            kind = attrs.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in attrs:
                return
            if kind in ("submit", "button", "file"):
                return
            self.data.setdefault(name, []).append(attrs.get("value", "on" if kind == "checkbox" else ""))
        elif tag == "select" and name and "disabled" not in attrs:
            self._select = name
            self.data.setdefault(name, [])
        elif tag == "option" and self._select and "selected" in attrs:
            self.data[self._select].append(attrs.get("value", ""))
        elif tag == "textarea" and name and "disabled" not in attrs:
            self._textarea = name
            self.data[name] = [""]

    def handle_endtag(self, tag) -> None:
        if tag == "form":
            self._in_form = False
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data) -> None:
        if self._textarea:
            self.data[self._textarea][0] += data


def change_form_data(client, url: str) -> dict:
    """The admin change form at ``url`` as the browser would send it unchanged."""
    parser = _FormFields()
    parser.feed(client.get(url).content.decode())
    return {name: values if len(values) > 1 else (values[0] if values else "") for name, values in parser.data.items()}
