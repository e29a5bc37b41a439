"""The late policy: figures worked out by hand, every bound, and bad input refused in one line."""

from __future__ import annotations

import datetime as dt

import pytest

from graders.late import LateError, LatePolicy, load_policies, parse_time

EST = dt.timezone(dt.timedelta(hours=-5))
DUE = dt.datetime(2025, 3, 7, 23, 59, tzinfo=EST)


def policy(**table) -> LatePolicy:
    return LatePolicy.from_mapping({"due": "2025-03-07T23:59:00-05:00", **table}, "term.toml")


def test_each_started_day_takes_the_penalty_of_the_maximum():
    p = policy(penalty="10%")
    on_time = p.apply(80, 100, DUE)
    assert on_time.penalty == 0 and not on_time.late and on_time.note == "on time"
    a_minute = p.apply(80, 100, DUE + dt.timedelta(minutes=1))
    assert a_minute.units == 1 and a_minute.penalty == pytest.approx(10)
    two_days = p.apply(80, 100, DUE + dt.timedelta(days=1, hours=1))
    assert two_days.units == 2 and two_days.penalty == pytest.approx(20)
    assert "1 d 1 h late (2 days started): -20" in two_days.note


def test_points_per_hour_with_a_cap_and_a_floor():
    hourly = policy(per="hour", penalty=2, cap=5)
    assert hourly.apply(50, 60, DUE + dt.timedelta(hours=2, minutes=5)).penalty == 5  # 6 capped
    assert hourly.apply(50, 60, DUE + dt.timedelta(minutes=30)).penalty == 2
    floored = policy(penalty="25%", floor="40%")
    # 3 days: 75 points of 100 would go; the floor keeps 40 of the 70
    assert floored.apply(70, 100, DUE + dt.timedelta(days=2, hours=3)).penalty == 30
    # a score already under the floor loses nothing, and no score goes below 0
    assert floored.apply(30, 100, DUE + dt.timedelta(days=3)).penalty == 0
    assert policy(penalty=50).apply(20, 100, DUE + dt.timedelta(days=1)).penalty == 20


def test_the_cutoff_takes_everything_and_an_extension_moves_both_dates():
    p = policy(penalty="10%", cutoff="2025-03-09T23:59:00-05:00")
    late = p.apply(90, 100, DUE + dt.timedelta(days=3))
    assert late.after_cutoff and late.penalty == 90 and "after the cut-off" in late.note
    until = DUE + dt.timedelta(days=4)
    extended = p.apply(90, 100, DUE + dt.timedelta(days=3), until)
    assert extended.penalty == 0 and extended.due == until
    assert p.apply(90, 100, until + dt.timedelta(hours=1), until).penalty == 10


def test_an_unknown_submission_time_is_said_and_never_guessed():
    result = policy(penalty="10%").apply(90, 100, None)
    assert result.penalty == 0 and result.note == "submission time unknown: not judged"


@pytest.mark.parametrize(
    "table, words",
    [
        ({"due": "2025-03-07T23:59:00"}, "has no time zone"),
        ({"due": "next friday"}, "is not a date and time"),
        ({"due": "2025-03-07T23:59Z", "per": "week"}, 'expected "day" or "hour"'),
        ({"due": "2025-03-07T23:59Z", "penalty": "ten%"}, "is not a percentage"),
        ({"due": "2025-03-07T23:59Z", "penalty": -1}, "must be a positive amount"),
        ({"due": "2025-03-07T23:59Z", "cutoff": "2025-03-01T00:00Z"}, "is before the due"),
        ({"due": "2025-03-07T23:59Z", "grace": 5}, "unknown key 'grace'"),
        ({"penalty": 1}, "due = ... is required"),
    ],
)
def test_bad_policies_are_refused_naming_the_place(table, words):
    with pytest.raises(LateError) as caught:
        LatePolicy.from_mapping(table, "term.toml: [late.uno-moves]")
    message = str(caught.value)
    assert words in message and message.startswith("term.toml: [late.uno-moves]")
    assert "\n" not in message


def test_the_term_file_wins_over_the_assignment_and_is_found_by_the_environment(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    assert load_policies(["uno-moves"]) == {}  # no term file, and uno-moves has no [late]
    (tmp_path / "term.toml").write_text(
        '[late.uno-moves]\ndue = 2025-03-07T23:59:00-05:00\npenalty = "10%"\n'
    )
    found = load_policies(["uno-moves"])
    assert found["uno-moves"].due == DUE and found["uno-moves"].penalty.percent
    other = tmp_path / "other.toml"
    other.write_text('[late.uno-moves]\ndue = "2025-04-01T12:00:00Z"\n')
    monkeypatch.setenv("UNOGRADE_TERM", str(other))
    assert load_policies(["uno-moves"])["uno-moves"].due == parse_time("2025-04-01T12:00Z", "x")
    (tmp_path / "broken.toml").write_text("[late.uno-moves\n")
    with pytest.raises(LateError, match="broken.toml"):
        load_policies([], tmp_path / "broken.toml")
