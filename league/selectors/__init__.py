"""Selectors read: queries for pages, the API and exports, one function per question."""
