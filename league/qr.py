"""A QR code of a short text (a link) as inline SVG, for the score sheet's "confirm on your phone".

No QR library is installed, so this is the smallest encoder the standard (ISO/IEC 18004) allows
for the purpose: byte mode, error correction level M (15 % of the symbol may be damaged), versions
1 to 10 (up to 213 bytes: every link the sheet shows), and the mask chosen by the standard's four
penalty rules (any of the eight masks reads the same; the rules only avoid confusing patterns).
Checked against an independent encoder (segno: identical symbols from identical codewords) and
by a reader in tests/league/test_qr.py.
"""

# Per version at level M: (error correction codewords per block, [(blocks, data codewords per block)]).
BLOCKS_M = {
    1: (10, [(1, 16)]), 2: (16, [(1, 28)]), 3: (26, [(1, 44)]), 4: (18, [(2, 32)]), 5: (24, [(2, 43)]),
    6: (16, [(4, 27)]), 7: (18, [(4, 31)]), 8: (22, [(2, 38), (2, 39)]), 9: (22, [(3, 36), (2, 37)]),
    10: (26, [(4, 43), (1, 44)]),
}
ALIGNMENT = {1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38], 8: [6, 24, 42],
             9: [6, 26, 46], 10: [6, 28, 50]}
LEVEL_M = 0  # the format information's two bits for level M
MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def _gf_multiply(x: int, y: int) -> int:
    """Product in GF(256) modulo x^8 + x^4 + x^3 + x^2 + 1."""
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _rs_divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_multiply(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_multiply(root, 0x02)
    return result


def _rs_remainder(data: list[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for byte in data:
        factor = byte ^ result.pop(0)
        result.append(0)
        for i, coefficient in enumerate(divisor):
            result[i] ^= _gf_multiply(coefficient, factor)
    return result


def _codewords(data: bytes) -> tuple[int, list[int]]:
    """The smallest version that holds ``data`` and its interleaved data and error correction codewords."""
    for version, (_ec, groups) in BLOCKS_M.items():
        capacity = sum(count * length for count, length in groups)
        count_bits = 8 if version < 10 else 16  # the byte count's width grows from version 10
        if 4 + count_bits + 8 * len(data) <= capacity * 8:
            break
    else:
        raise ValueError("too long for a QR code of version 10")
    ec_length = BLOCKS_M[version][0]
    bits = [0, 1, 0, 0] + [(len(data) >> i) & 1 for i in reversed(range(count_bits))]
    for byte in data:
        bits += [(byte >> i) & 1 for i in reversed(range(8))]
    bits += [0] * min(4, capacity * 8 - len(bits))
    bits += [0] * (-len(bits) % 8)
    stream = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(stream) < capacity:
        stream.append(pad)
        pad ^= 0xEC ^ 0x11
    divisor = _rs_divisor(ec_length)
    blocks, start = [], 0
    for count, length in groups:
        for _ in range(count):
            blocks.append(stream[start:start + length])
            start += length
    ecc = [_rs_remainder(block, divisor) for block in blocks]
    out = [block[i] for i in range(max(map(len, blocks))) for block in blocks if i < len(block)]
    out += [block[i] for i in range(ec_length) for block in ecc]
    return version, out


class _Symbol:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = 17 + 4 * version
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.function = [[False] * self.size for _ in range(self.size)]
        self._draw_function_patterns()

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.function[y][x] = True

    def _draw_function_patterns(self) -> None:
        size = self.size
        for i in range(size):
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    if 0 <= cx + dx < size and 0 <= cy + dy < size:
                        self.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) not in (2, 4))
        centres = ALIGNMENT[self.version]
        last = len(centres) - 1
        for i, cx in enumerate(centres):
            for j, cy in enumerate(centres):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self.draw_format(0)  # reserves the format areas; drawn again with the chosen mask
        if self.version >= 7:
            remainder = self.version
            for _ in range(12):
                remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25)
            bits = self.version << 12 | remainder
            for i in range(18):
                bit = bool((bits >> i) & 1)
                a, b = size - 11 + i % 3, i // 3
                self.set(a, b, bit)
                self.set(b, a, bit)

    def draw_format(self, mask: int) -> None:
        data = LEVEL_M << 3 | mask
        remainder = data
        for _ in range(10):
            remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537)
        bits = (data << 10 | remainder) ^ 0x5412
        bit = [bool((bits >> i) & 1) for i in range(15)]
        size = self.size
        for i in range(6):
            self.set(8, i, bit[i])
        self.set(8, 7, bit[6])
        self.set(8, 8, bit[7])
        self.set(7, 8, bit[8])
        for i in range(9, 15):
            self.set(14 - i, 8, bit[i])
        for i in range(8):
            self.set(size - 1 - i, 8, bit[i])
        for i in range(8, 15):
            self.set(8, size - 15 + i, bit[i])
        self.set(8, size - 8, True)

    def place(self, codewords: list[int]) -> None:
        """The codewords' bits in the standard's zigzag from the bottom right corner."""
        total, i, size = len(codewords) * 8, 0, self.size
        for right in range(size - 1, 0, -2):
            if right <= 6:
                right -= 1
            upward = ((right + 1) & 2) == 0
            for vertical in range(size):
                y = size - 1 - vertical if upward else vertical
                for x in (right, right - 1):
                    if not self.function[y][x] and i < total:
                        self.dark[y][x] = bool((codewords[i >> 3] >> (7 - (i & 7))) & 1)
                        i += 1

    def masked(self, mask: int) -> list[list[bool]]:
        test = MASKS[mask]
        self.draw_format(mask)
        return [[self.dark[y][x] ^ (not self.function[y][x] and test(x, y)) for x in range(self.size)]
                for y in range(self.size)]


def _penalty(modules: list[list[bool]]) -> int:
    """The standard's four penalty rules: runs, 2×2 blocks, finder-like patterns, dark balance."""
    size, score = len(modules), 0
    lines = modules + [list(column) for column in zip(*modules, strict=True)]
    finder_like = ([True, False, True, True, True, False, True, False, False, False, False],
                   [False, False, False, False, True, False, True, True, True, False, True])
    for line in lines:
        run = 1
        for i in range(1, size + 1):
            if i < size and line[i] == line[i - 1]:
                run += 1
                continue
            if run >= 5:
                score += run - 2
            run = 1
        for i in range(size - 10):
            if line[i:i + 11] in finder_like:
                score += 40
    for y in range(size - 1):
        for x in range(size - 1):
            if modules[y][x] == modules[y][x + 1] == modules[y + 1][x] == modules[y + 1][x + 1]:
                score += 3
    dark = sum(map(sum, modules))
    score += abs(dark * 20 - size * size * 10) // (size * size) * 10
    return score


def qr_modules(text: str, *, mask: int | None = None) -> list[list[bool]]:
    """The QR symbol of ``text`` (UTF-8) as rows of dark (True) and light modules, without the quiet zone."""
    version, codewords = _codewords(text.encode("utf-8"))
    symbol = _Symbol(version)
    symbol.place(codewords)
    if mask is not None:
        return symbol.masked(mask)
    return min((symbol.masked(m) for m in range(8)), key=_penalty)


def qr_svg(text: str, *, quiet: int = 4) -> str:
    """``text``'s QR code as an SVG element (one path, scalable, black on white) for inline use."""
    modules = qr_modules(text)
    size = len(modules) + 2 * quiet
    path = "".join(f"M{x + quiet},{y + quiet}h1v1h-1z" for y, row in enumerate(modules)
                   for x, dark in enumerate(row) if dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="180" height="180" '
            f'shape-rendering="crispEdges" aria-hidden="true"><rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path d="{path}" fill="#000"/></svg>')
