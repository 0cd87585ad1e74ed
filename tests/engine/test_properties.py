"""Properties of the engine on random tournaments (hypothesis)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from standings.engine import (
    CATALOGUES,
    SYSTEMS,
    Colour,
    GameRecord,
    Outcome,
    PlayerRef,
    Snapshot,
    Standings,
    compute_standings,
    format_order,
    parse_order,
)

# Points by outcome under US Chess scoring, written out here rather than read from the engine.
POINTS = {
    Outcome.WIN: Fraction(1),
    Outcome.DRAW: Fraction(1, 2),
    Outcome.LOSS: Fraction(0),
    Outcome.FORFEIT_WIN: Fraction(1),
    Outcome.FORFEIT_LOSS: Fraction(0),
    Outcome.BYE_PAIRING: Fraction(1),
    Outcome.BYE_FULL: Fraction(1),
    Outcome.BYE_HALF: Fraction(1, 2),
    Outcome.BYE_ZERO: Fraction(0),
    Outcome.NOT_PAIRED: Fraction(0),
}
PAIRED = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "=": (Outcome.DRAW, Outcome.DRAW),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    "--": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}
ALONE = [
    Outcome.BYE_PAIRING,
    Outcome.BYE_FULL,
    Outcome.BYE_HALF,
    Outcome.BYE_ZERO,
    Outcome.NOT_PAIRED,
    Outcome.FORFEIT_WIN,
    None,  # no record at all: not paired
]


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[Snapshot, Fraction]:
    """A random section and the points its records hand out through ``through_round``."""
    count = draw(st.integers(1, 9))
    rounds = draw(st.integers(1, 10))
    through = draw(st.integers(0, rounds))
    ratings = draw(
        st.lists(
            st.one_of(st.none(), st.integers(1000, 2800)),
            min_size=count,
            max_size=count,
        )
    )
    players = tuple(PlayerRef(10 + i, i + 1, ratings[i]) for i in range(count))
    games: list[GameRecord] = []
    handed_out = Fraction(0)
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(range(count)))
        pairs = draw(st.integers(0, count // 2))
        for k in range(pairs):
            a, b = players[order[2 * k]].id, players[order[2 * k + 1]].id
            first, second = PAIRED[draw(st.sampled_from(sorted(PAIRED)))]
            games += [
                GameRecord(rnd, a, b, Colour.WHITE, first),
                GameRecord(rnd, b, a, Colour.BLACK, second),
            ]
            if rnd <= through:
                handed_out += POINTS[first] + POINTS[second]
        for k in order[2 * pairs :]:
            outcome = draw(st.sampled_from(ALONE))
            if outcome is not None:
                games.append(GameRecord(rnd, players[k].id, None, None, outcome))
                if rnd <= through:
                    handed_out += POINTS[outcome]
    return Snapshot(players, tuple(games), rounds, through), handed_out


ALL_BUT_LOTS = parse_order(
    ",".join(
        s if s != "cumulative_cut" else "cumulative_cut:cut=1"
        for s in SYSTEMS
        if s != "coin_flip"
    )
)


def key(standings: Standings, player_id: int) -> tuple[object, ...]:
    row = standings.row(player_id)
    return (row.rank, row.shared, row.score, tuple(v.value for v in row.values))


@settings(max_examples=150, deadline=None)
@given(tournaments())
def test_scores_add_up_to_the_points_handed_out(
    case: tuple[Snapshot, Fraction],
) -> None:
    snapshot, handed_out = case
    standings = compute_standings(snapshot, ())
    assert sum((row.score for row in standings.rows), Fraction(0)) == handed_out
    for row in standings.rows:
        running = standings.running_scores(row.player.id)
        assert len(running) == snapshot.through_round
        assert (running[-1] if running else 0) == row.score


@settings(max_examples=150, deadline=None)
@given(tournaments())
def test_solkoff_at_least_modified_median_at_least_median(
    case: tuple[Snapshot, Fraction],
) -> None:
    snapshot, _ = case
    for adjust in ("uschess", "none"):
        order = parse_order(
            f"solkoff:adjust={adjust},modified_median:adjust={adjust},median:adjust={adjust}"
        )
        for row in compute_standings(snapshot, order).rows:
            solkoff, modified, median = (v.value for v in row.values)
            assert solkoff >= modified >= median >= 0


@settings(max_examples=100, deadline=None)
@given(tournaments(), st.data())
def test_relabelling_players_changes_nothing(
    case: tuple[Snapshot, Fraction], data: st.DataObject
) -> None:
    snapshot, _ = case
    count = len(snapshot.players)
    new_starts = data.draw(st.permutations(range(1, count + 1)))
    new_id = {p.id: 1000 - p.id for p in snapshot.players}
    relabelled = replace(
        snapshot,
        players=tuple(
            PlayerRef(new_id[p.id], new_starts[i], p.rating)
            for i, p in enumerate(snapshot.players)
        ),
        games=tuple(
            replace(
                g,
                player=new_id[g.player],
                opponent=None if g.opponent is None else new_id[g.opponent],
            )
            for g in reversed(snapshot.games)
        ),
    )
    before = compute_standings(snapshot, ALL_BUT_LOTS)
    after = compute_standings(relabelled, ALL_BUT_LOTS)
    for p in snapshot.players:
        assert key(before, p.id) == key(after, new_id[p.id])


@settings(max_examples=150, deadline=None)
@given(
    tournaments(),
    st.sampled_from(
        [
            "uschess",
            "sca",
            "mca",
            format_order(CATALOGUES["swisssys"]),
            "result_between_tied,head_to_head",
            "result_between_tied:passes=once,head_to_head:passes=once",
        ]
    ),
)
def test_ranking_is_a_permutation_with_consistent_shared_ranks(
    case: tuple[Snapshot, Fraction], order: str
) -> None:
    snapshot, _ = case
    standings = compute_standings(snapshot, parse_order(order), lots_seed="seed")
    rows = standings.rows
    comparable = not any(spec.system.group_dependent for spec in standings.order)
    assert sorted(row.player.id for row in rows) == sorted(
        p.id for p in snapshot.players
    )
    for position, row in enumerate(rows):
        assert len(row.values) == len(standings.order)
        sort_key = (row.score, *(v.value for v in row.values))
        same = [r for r in rows if r.rank == row.rank]
        # a shared rank is the first place of its group, and the group is tied on everything
        assert rows[row.rank - 1] is same[0]
        assert row.shared == (len(same) > 1)
        assert all((r.score, *(v.value for v in r.values)) == sort_key for r in same)
        assert [r.player.start_number for r in same] == sorted(
            r.player.start_number for r in same
        )
        if position == 0 or rows[position - 1].rank == row.rank:
            assert row.decided_by is None
        if position:
            previous = rows[position - 1]
            decided = row.decided_by
            if previous.score != row.score:
                assert decided is None
            elif previous.rank != row.rank:
                # the tiebreak named as deciding is the first whose (passes of) values differ
                assert decided is not None
                assert decided == standings.separated_by(
                    previous.player.id, row.player.id
                )
                first = [previous.values[decided], row.values[decided]]
                passes = [(v.value, *(r.value for r in v.repeats)) for v in first]
                differing = [(a, b) for a, b in zip(*passes, strict=False) if a != b]
                assert differing and differing[0][0] > differing[0][1]
                if comparable:
                    assert all(
                        a.value == b.value
                        for a, b in zip(
                            previous.values[:decided], row.values[:decided], strict=True
                        )
                    )
                    assert previous.values[decided].value > row.values[decided].value
            if previous.rank != row.rank:
                assert previous.rank < row.rank
                assert previous.score >= row.score
                if (
                    comparable
                ):  # values of group-dependent systems compare only within a group
                    assert (
                        previous.score,
                        *(v.value for v in previous.values),
                    ) > sort_key
