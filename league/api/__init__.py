"""The REST API under /api/v1/ (Django REST framework), one small module per resource."""
