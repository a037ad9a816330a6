"""The exhaustive search behind the 20 x 6 bound (docs/proofs/seating_20x6) covers its cases.

The whole proof takes about a quarter of an hour (``python docs/proofs/seating_20x6/prove.py``); these
tests check the case analysis it rests on and run its search on a few cases.
"""

import importlib.util
import itertools
import pathlib
import shutil
import subprocess

import pytest

PROOF = pathlib.Path(__file__).resolve().parents[2] / "docs" / "proofs" / "seating_20x6"
_spec = importlib.util.spec_from_file_location("prove_20x6", PROOF / "prove.py")
prove = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(prove)


def pairs_of(session):
    return {pair for table in session for pair in itertools.combinations(sorted(table), 2)}


def test_rows_and_columns_of_the_grid_are_two_sessions_sharing_no_pair():
    assert not pairs_of(prove.ROWS) & pairs_of(prove.COLUMNS)
    assert sorted(p for t in prove.ROWS + prove.COLUMNS for p in t) == sorted(list(range(20)) * 2)


def test_a_third_session_sharing_no_pair_with_them_is_one_of_72_classes():
    thirds = prove.third_sessions()
    assert len(thirds) == 72
    for s3 in thirds:
        assert sorted(p for t in s3 for p in t) == list(range(20))
        assert not pairs_of(s3) & (pairs_of(prove.ROWS) | pairs_of(prove.COLUMNS))


@pytest.mark.parametrize(("extra", "classes"), [(0, 1), (1, 5)])
def test_a_second_session_of_the_pair_meeting_three_times_is_one_of_six_classes(extra, classes):
    s1 = [list(range(4 * i, 4 * i + 4)) for i in range(5)]
    seconds = prove.second_sessions(extra)
    assert len(seconds) == classes
    for s2 in seconds:
        assert {0, 1} <= set(s2[0])
        assert len(pairs_of(s1) & pairs_of(s2)) == 1 + extra


@pytest.fixture(scope="module")
def search(tmp_path_factory):
    if shutil.which("cc") is None:
        pytest.skip("no C compiler")
    binary = tmp_path_factory.mktemp("proof") / "search"
    subprocess.run(["cc", "-O2", "-o", str(binary), str(PROOF / "search.c")], check=True)
    return binary


def test_the_search_finds_no_schedule_below_six_repeat_meetings_and_finds_the_six_the_draw_reaches(search):
    thirds = prove.third_sessions()
    for s3 in thirds[:4]:
        assert prove.found(prove.run(search, ["T", "5", "meetings"], [prove.ROWS, prove.COLUMNS, s3])) == 0
    for s3 in thirds:
        fixed = [prove.ROWS, prove.COLUMNS, s3]
        out = prove.run(search, ["T", "6", "meetings"], fixed)
        if prove.found(out):
            meetings, repeated, most = prove.repeat_meetings(fixed + prove.first_schedule(out))
            assert (meetings, most) == (6, 2)
            break
    else:
        pytest.fail("no class reaches the draw's six repeat meetings")


def test_the_search_rejects_fixed_sessions_that_share_a_pair(search):
    result = subprocess.run(
        [str(search), "T", "5", "meetings"],
        input="".join(" ".join(map(str, t)) + "\n" for t in prove.ROWS * 3),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2 and "share" in result.stderr
