"""PDF files for printing, rendered from HTML templates (``templates/league/print/``) with WeasyPrint.

Why WeasyPrint: the pages are ordinary Django templates, so the translations, the locale's number
and date formats and the escaping of names (a player called ``<b>&`` prints literally) come from
the same machinery as every other page, and fonts come from fontconfig, so any name the system's
fonts can write prints (ReportLab's built-in fonts stop at Latin-1). It needs Debian's Pango
(``libpango-1.0-0``, ``libpangoft2-1.0-0``) and a font (``fonts-dejavu-core``), which the Debian
base images carry; ReportLab, the pure-wheel alternative, would need its own table layout code and
a font shipped with the project for names beyond Latin-1.

Documents are rendered a few pages at a time, so that a long file reports progress, and the pages
put together into one file at the end. Nothing outside the document is fetched: the templates
carry their own style sheet.
"""
from collections.abc import Callable, Sequence

from django.template.loader import render_to_string
from django.utils import translation

try:
    from weasyprint import HTML
    from weasyprint.urls import URLFetcher
except OSError as error:  # Pango missing: the PDF exports fail with this reason, the others still work
    HTML = URLFetcher = None
    MISSING = str(error)


class PdfUnavailable(Exception):
    """WeasyPrint could not load Debian's Pango on this machine."""


def write(*, template: str, context: dict, parts: Sequence, stream, progress: Callable[[int], None],
          part_name: str = "parts", chunk: int = 20, share: tuple[int, int] = (5, 95)) -> None:
    """Render ``template`` once per ``chunk`` of ``parts`` (given to it as ``part_name``) and write all
    pages as one PDF to ``stream``, reporting progress between ``share[0]`` and ``share[1]``."""
    if HTML is None:
        raise PdfUnavailable(f"WeasyPrint cannot load Pango (apt-get install libpango-1.0-0): {MISSING}")
    fetcher = URLFetcher(allowed_protocols=())
    language = translation.get_language()
    pages, documents = [], []
    chunks = [parts[start:start + chunk] for start in range(0, len(parts), chunk)] or [parts]
    for index, piece in enumerate(chunks, start=1):
        html = render_to_string(template, {**context, part_name: piece, "language": language})
        document = HTML(string=html, url_fetcher=fetcher).render()
        documents.append(document)
        pages.extend(document.pages)
        progress(share[0] + (share[1] - share[0]) * index // len(chunks))
    documents[0].copy(pages).write_pdf(stream)
