"""Who a request comes from, for rate limits: the client's address as the last trusted proxy saw it
(``REST_FRAMEWORK["NUM_PROXIES"]``, as DRF's throttles count), else REMOTE_ADDR."""
from django.conf import settings


def client_address(request) -> str:
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    proxies = settings.REST_FRAMEWORK.get("NUM_PROXIES") or 0
    if proxies and forwarded:
        addresses = [a.strip() for a in forwarded.split(",") if a.strip()]
        if addresses:
            return addresses[-min(proxies, len(addresses))]
    return request.META.get("REMOTE_ADDR", "unknown")
