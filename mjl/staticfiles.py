"""The static files' storage: whitenoise's hashed, compressed files, with brotli at a quality that
costs seconds, not minutes, at every ``collectstatic`` (the demo runs one at each start).

Whitenoise compresses with brotli's highest quality (11) whenever the brotli module is installed
(WeasyPrint brings it); for the API documentation's large bundles that is most of a minute of CPU
for files a few per cent smaller than at quality 9. Whitenoise has no setting for it, hence this
subclass of its own storage and compressor."""
from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage

BROTLI_QUALITY = 9


class QuickCompressor(Compressor):
    @staticmethod
    def compress_brotli(data: bytes) -> bytes:
        import brotli  # only when whitenoise found it installed (Compressor.use_brotli)

        return brotli.compress(data, quality=BROTLI_QUALITY)


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    def create_compressor(self, **kwargs) -> Compressor:
        return QuickCompressor(**kwargs)
