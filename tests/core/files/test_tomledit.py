"""core.files.tomledit: minimal updates of TOML text that keep comments, order and spellings,
and always read back as the data asked for."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from core.files import tomlio
from core.files.mapfile import dumps_map, parse_map
from core.files.tomledit import checked, map_text, merge, scenario_text

TEXT = """\
# The file's own comment.
zeta = 0x1F   # hex
alpha = 'literal'
ratio = 0.50
outfit = { fuel = 10, cargo = 2 }

# The table.
[table]
b = 1
# about a
a = 2

# ---- The section ----

# first
[[items]]
name = "one"
n = 1

# second
[[items]]
name = "two"
n = 2

# third
[[items]]
name = "three"
n = 3
"""


def data() -> dict[str, Any]:
    return tomllib.loads(TEXT)


def test_unchanged_data_gives_the_text_back_byte_for_byte() -> None:
    assert merge(TEXT, data(), data()) == TEXT


def test_a_changed_value_is_the_only_changed_line() -> None:
    new = data()
    new["items"][1]["n"] = 20
    assert merge(TEXT, data(), new) == TEXT.replace("n = 2\n", "n = 20\n")


def test_a_changed_value_keeps_its_end_of_line_comment() -> None:
    new = data()
    new["zeta"] = 5
    assert merge(TEXT, data(), new) == TEXT.replace("zeta = 0x1F", "zeta = 5")


def test_an_inline_table_is_updated_in_place() -> None:
    new = data()
    new["outfit"]["cargo"] = 3
    assert "outfit = { fuel = 10, cargo = 3 }" in merge(TEXT, data(), new)


def test_a_removed_key_takes_its_comment_along() -> None:
    new = data()
    del new["table"]["a"]
    assert merge(TEXT, data(), new) == TEXT.replace("# about a\na = 2\n", "")


def test_none_counts_as_absent() -> None:
    new = data()
    new["table"]["a"] = None
    new["extra"] = None
    assert merge(TEXT, data(), new) == TEXT.replace("# about a\na = 2\n", "")


def test_a_new_key_goes_after_the_key_before_it() -> None:
    new = {**data(), "beta": True}
    order = list(data())
    order.insert(order.index("alpha") + 1, "beta")
    new = {k: new[k] for k in order}
    assert merge(TEXT, data(), new) == TEXT.replace(
        "alpha = 'literal'\n", "alpha = 'literal'\nbeta = true\n"
    )


def test_a_new_table_goes_after_the_table_before_it() -> None:
    old = data()
    new = {k: old[k] for k in ("zeta", "alpha", "ratio", "outfit", "table")}
    new["added"] = {"x": 1}
    new["items"] = old["items"]
    out = merge(TEXT, old, new)
    assert tomllib.loads(out) == new
    assert out.index("a = 2") < out.index("[added]") < out.index("# ---- The section")


def test_an_edited_element_keeps_the_comments_of_the_others() -> None:
    new = data()
    new["items"][0] = {"name": "uno", "n": 1}
    out = merge(TEXT, data(), new)
    assert out == TEXT.replace('name = "one"', 'name = "uno"')


def test_a_removed_element_takes_its_comment_but_not_the_section_heading() -> None:
    new = data()
    del new["items"][0]
    out = merge(TEXT, data(), new)
    assert "# first" not in out and 'name = "one"' not in out
    assert out.index("# ---- The section ----") < out.index("# second")
    assert tomllib.loads(out) == new


def test_an_added_element_is_appended_in_the_canonical_layout() -> None:
    new = data()
    new["items"].append({"name": "four", "n": 4})
    out = merge(TEXT, data(), new)
    assert out == TEXT + '\n[[items]]\nname = "four"\nn = 4\n'


def test_every_element_removed_leaves_an_empty_array() -> None:
    new = {**data(), "items": []}
    out = merge(TEXT, data(), new)
    assert tomllib.loads(out) == new


def test_a_value_that_becomes_a_table_moves_below_the_plain_values() -> None:
    new = {**data(), "alpha": {"deep": 1}}
    out = merge(TEXT, data(), new)
    assert tomllib.loads(out) == new


def test_checked_falls_back_when_the_merge_does_not_read_back() -> None:
    out = checked(TEXT, data(), data(), canonical=lambda: "canonical", reads_back=lambda t: False)
    assert out == "canonical"


def test_checked_writes_canonically_without_an_original() -> None:
    out = checked(None, None, data(), canonical=lambda: "canonical", reads_back=lambda t: True)
    assert out == "canonical"


def test_text_that_is_not_toml_falls_back() -> None:
    out = checked("= broken", {}, data(), canonical=lambda: "canonical", reads_back=lambda t: True)
    assert out == "canonical"


def test_scenario_text_keeps_comments_and_drops_none() -> None:
    new = data()
    new["table"]["b"] = None
    new["ratio"] = 0.75
    out = scenario_text(new, TEXT)
    assert out == TEXT.replace("ratio = 0.50", "ratio = 0.75").replace("b = 1\n", "")


SMALL_MAP = """\
format = "ecliptic-map"
version = 1
name = "Ring"  # a zone around a planet

[grid]
width = 10
height = 10

[[bodies]]
name = "Terra"
kind = "planet"
hex = "0505"

[[zones]]
name = "Home"
around = "Terra"
radius = 1
"""


def small_map() -> Any:
    return parse_map(tomllib.loads(SMALL_MAP), SMALL_MAP, check=False)


def test_map_text_of_an_unchanged_map_is_its_text() -> None:
    assert map_text(small_map(), SMALL_MAP) == SMALL_MAP


def test_map_text_of_a_resized_map_reads_back_as_the_map() -> None:
    from dataclasses import replace

    from core.board.starmap import Bounds

    m = small_map()
    bigger = replace(m, bounds=Bounds(12, 10))
    out = map_text(bigger, SMALL_MAP)
    assert parse_map(tomllib.loads(out), out, check=False) == bigger
    assert "# a zone around a planet" in out


def test_a_map_file_in_the_canonical_layout_stays_in_it() -> None:
    from dataclasses import replace

    m = small_map()
    renamed = replace(m, name="Renamed")
    assert map_text(renamed, dumps_map(m)) == dumps_map(renamed)


def test_map_text_without_an_original_is_the_canonical_layout() -> None:
    assert map_text(small_map(), None) == dumps_map(small_map())


# ---- properties: any edit reads back exactly; untouched elements keep their comments

SCALARS = st.one_of(
    st.integers(-(2**31), 2**31),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=8),
    st.lists(st.integers(0, 99), max_size=6),
)
KEYS = st.sampled_from(["a", "b", "c", "d", "e"])


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    doc: dict[str, Any] = draw(st.dictionaries(KEYS, SCALARS, max_size=4))
    if draw(st.booleans()):
        doc["table"] = draw(st.dictionaries(KEYS, SCALARS, max_size=4))
    n = draw(st.integers(0, 5))
    doc["items"] = [
        {"name": f"e{i}", "hex": f"{i:02d}{i:02d}", "n": draw(st.integers(0, 99))} for i in range(n)
    ]
    return doc


def commented(doc: dict[str, Any]) -> str:
    """The canonical text of ``doc`` with a comment on every header and key line; the
    header of element ``i`` of ``items`` has the comment ``# element i``."""
    out, count = [], 0
    for line in tomlio.dumps(doc).splitlines():
        if line == "[[items]]":
            out.append(f"# element {count}")
            count += 1
        elif line.startswith("["):
            out.append(f"# about {line}")
        out.append(f"{line}  # note" if " = " in line else line)
    return "\n".join(out) + "\n"


@st.composite
def edits(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any], set[int]]:
    """A document, an edit of it and which of its elements the edit keeps."""
    old = draw(documents())
    new = copy.deepcopy(old)
    for key in list(new):
        if key == "items":
            continue
        action = draw(st.sampled_from(["keep", "change", "drop"]))
        if action == "change":
            new[key] = draw(SCALARS if key != "table" else st.dictionaries(KEYS, SCALARS))
        elif action == "drop":
            del new[key]
    for key in draw(st.lists(KEYS, max_size=2)):
        new[key] = draw(SCALARS)
    items: list[dict[str, Any]] = []
    kept = set()
    for i, item in enumerate(old["items"]):
        action = draw(st.sampled_from(["keep", "edit", "drop"]))
        if action != "drop":
            kept.add(i)
            items.append({**item, "n": item["n"] + 100} if action == "edit" else item)
    for k in range(draw(st.integers(0, 2))):
        items.insert(draw(st.integers(0, len(items))), {"name": f"new{k}", "n": 1000 + k})
    new["items"] = items
    return old, new, kept


@settings(max_examples=150, deadline=None)
@given(edits())
def test_any_edit_reads_back_exactly_and_keeps_the_comments_of_kept_elements(
    case: tuple[dict[str, Any], dict[str, Any], set[int]],
) -> None:
    old, new, kept = case
    text = commented(old)
    out = merge(text, tomllib.loads(text), new)
    assert tomllib.loads(out) == tomllib.loads(tomlio.dumps(new))
    for i in range(len(old["items"])):
        assert (f"# element {i}\n" in out) == (i in kept)


@settings(max_examples=50, deadline=None)
@given(documents())
def test_merging_the_same_data_changes_nothing(doc: dict[str, Any]) -> None:
    text = commented(doc)
    assert merge(text, tomllib.loads(text), tomllib.loads(text)) == text
