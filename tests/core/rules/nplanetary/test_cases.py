"""The adjudication case table (``cases/<section>/*.case``, format in :mod:`.casefile`):
every case holds, and its result does not depend on the order the orders arrive in."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.rules.nplanetary.casefile import (
    all_cases,
    check,
    outcome_hash,
    read_case,
    run,
    shuffled,
)

CASES = all_cases()


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case_holds(path: Path) -> None:
    case = read_case(path)
    wrong = check(case, run(case))
    assert not wrong, f"{case.rule}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_order_of_arrival_does_not_change_the_result(path: Path) -> None:
    case = read_case(path)
    expected = outcome_hash(run(case))
    for seed in range(3):
        assert outcome_hash(run(case, shuffled(case, seed))) == expected
