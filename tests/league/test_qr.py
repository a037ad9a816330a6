"""The score sheet's QR code (league.qr): every symbol it draws reads back as the link it was given,
by a reader written here from the standard and checked first on a symbol of an independent encoder
(segno 1.6.6, kept below as rows of modules): format information, zigzag, unmasking, the blocks'
Reed-Solomon syndromes all zero, and the byte-mode payload."""
import pytest

from league.qr import BLOCKS_M, MASKS, _gf_multiply, _Symbol, qr_modules, qr_svg

# segno.make_qr(b"https://mjl.example.org/referee/table/42/", error="m", mask=3, mode="byte").matrix
SEGNO_SYMBOL = [
    "11111110111100001011101111111",
    "10000010101100000010101000001",
    "10111010011111100010001011101",
    "10111010111001000110101011101",
    "10111010000111111001001011101",
    "10000010000000101111101000001",
    "11111110101010101010101111111",
    "00000000100000010111000000000",
    "10110111010010001110001001011",
    "01000000100110101001111110001",
    "11101011001000001000110110110",
    "01010100010011001000111110001",
    "00000111010011010101000001100",
    "01101100011010011101111100111",
    "10111110101000001011100000111",
    "10111000101110011000110100010",
    "00101011011011101010110111010",
    "00000101110110010000100101110",
    "10011010010111111100010000100",
    "00000000011100011100010110100",
    "01001011011011011110111111100",
    "00000000101000000010100011111",
    "11111110111000101111101011010",
    "10000010101111000010100011011",
    "10111010000010010100111110111",
    "10111010100101111110110111001",
    "10111010110001000101000100101",
    "10000010001001011011101111010",
    "11111110110111100011110010010",
]


def read_back(rows: list[list[bool]]) -> tuple[str, int]:
    """The text of a level-M byte-mode symbol and its mask; fails on a wrong format or a block whose
    Reed-Solomon syndromes are not all zero."""
    size = len(rows)
    version = (size - 17) // 4
    positions = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(14 - i, 8) for i in range(9, 15)]
    bits = sum(rows[y][x] << i for i, (x, y) in enumerate(positions)) ^ 0x5412
    data, mask = bits >> 10, (bits >> 10) & 7
    remainder = data
    for _ in range(10):
        remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537)
    assert data >> 3 == 0 and bits & 0x3FF == remainder & 0x3FF, "format information"
    function = _Symbol(version).function
    stream = []
    for right in range(size - 1, 0, -2):
        if right <= 6:
            right -= 1
        upward = ((right + 1) & 2) == 0
        for vertical in range(size):
            y = size - 1 - vertical if upward else vertical
            for x in (right, right - 1):
                if not function[y][x]:
                    stream.append(rows[y][x] ^ MASKS[mask](x, y))
    codewords = [int("".join(str(int(b)) for b in stream[i:i + 8]), 2) for i in range(0, len(stream) - 7, 8)]
    ec_length, groups = BLOCKS_M[version]
    lengths = [length for count, length in groups for _ in range(count)]
    blocks = [[] for _ in lengths]
    position = 0
    for i in range(max(lengths)):
        for block, length in zip(blocks, lengths, strict=True):
            if i < length:
                block.append(codewords[position])
                position += 1
    for _ in range(ec_length):
        for block in blocks:
            block.append(codewords[position])
            position += 1
    for block in blocks:
        root = 1
        for _ in range(ec_length):  # the codeword polynomial vanishes at alpha^0 … alpha^(ec-1)
            value = 0
            for coefficient in block:
                value = _gf_multiply(value, root) ^ coefficient
            assert value == 0, "Reed-Solomon syndrome"
            root = _gf_multiply(root, 2)
    payload = [bit for block, length in zip(blocks, lengths, strict=True) for byte in block[:length]
               for bit in ((byte >> i) & 1 for i in reversed(range(8)))]
    assert payload[:4] == [0, 1, 0, 0], "byte mode"
    count_bits = 8 if version < 10 else 16
    count = int("".join(map(str, payload[4:4 + count_bits])), 2)
    body = payload[4 + count_bits:4 + count_bits + 8 * count]
    return bytes(int("".join(map(str, body[i:i + 8])), 2) for i in range(0, len(body), 8)).decode(), mask


def test_the_reader_reads_an_independent_encoders_symbol():
    rows = [[c == "1" for c in row] for row in SEGNO_SYMBOL]
    assert read_back(rows) == ("https://mjl.example.org/referee/table/42/", 3)


@pytest.mark.parametrize("text", ["https://mjl.example.org/referee/table/42/", "a", "Grüße " * 12,
                                  "https://example.org/" + "y" * 150, "z" * 210])
def test_every_symbol_reads_back_as_its_text_under_every_mask(text):
    for mask in range(8):
        assert read_back(qr_modules(text, mask=mask)) == (text, mask)
    assert read_back(qr_modules(text))[0] == text


def test_the_mask_and_version_change_the_symbol():
    assert qr_modules("a", mask=0) != qr_modules("a", mask=1)
    assert len(qr_modules("a")) == 21 and len(qr_modules("z" * 210)) == 57


def test_a_text_too_long_for_version_10_is_refused_and_the_svg_is_one_path():
    with pytest.raises(ValueError):
        qr_modules("z" * 214)
    svg = qr_svg("https://mjl.example.org/referee/table/42/")
    assert svg.startswith("<svg") and svg.count("<path") == 1 and 'viewBox="0 0 37 37"' in svg
